import { Alert, Box, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DateInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  required,
  TextInput,
  useCreate,
  useNotify,
  useUpdate,
  type Validator,
} from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import { errorFields } from '../api/action';
import { actionFailure } from '../api/useAction';
import { FULL_RECORD, useRecord } from '../api/useRecord';
import { useRegios } from '../regios/useRegios';
import { CATEGORIE_CHOICES } from './status';
import type { Klus, KlusInvoer, NieuweKlus } from './types';
import { useKandidaten } from './useKandidaten';
import { FormDialog } from '../dialogs/FormDialog';

/** The message of a missing required field, on the server and here (document 001 section 5). */
const VERPLICHT = 'Vul alle verplichte velden in';
const verplicht = required(VERPLICHT);

/** Customer time blocks and the half hours of a working day; an existing other time is kept. */
const BLOKKEN = [
  { id: 'ochtend', name: 'Ochtend (08:00 - 12:00)' },
  { id: 'middag', name: 'Middag (12:00 - 17:00)' },
  { id: 'avond', name: 'Avond (17:00 - 20:00)' },
];
const HALVE_UREN = Array.from({ length: 25 }, (_, i) => {
  const t = `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`;
  return { id: t, name: t };
});
function tijdKeuzes(huidig: string | undefined) {
  const all = [...BLOKKEN, ...HALVE_UREN];
  return huidig && !all.some((c) => c.id === huidig) ? [{ id: huidig, name: huidig }, ...all] : all;
}

/** Rate in euros in steps of 5 (section 5); the server checks the same in cents. */
const tariefRegel: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1000 && Number.isInteger(n / 5)
    ? undefined
    : 'Het uurtarief is minimaal € 0, in stappen van € 5 (hoogstens € 1.000).';
};
const duurRegel: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0.5 && n <= 100 && Number.isInteger(n * 2)
    ? undefined
    : 'De duur is minimaal 0,5 uur, in stappen van 0,5 uur (hoogstens 100 uur).';
};

/** The job's text fields, edited as they are ('' for a new job). */
const TEKSTVELDEN = [
  'datum',
  'tijd',
  'categorie',
  'beschrijving',
  'klant_voornaam',
  'klant_achternaam',
  'adres',
  'postcode',
  'woonplaats',
  'telefoon',
  'email',
  'regio',
  'klusser_notities',
] as const;

interface FormValues extends Record<(typeof TEKSTVELDEN)[number], string> {
  geschat_tarief: number | null;
  geschatte_duur: number | null;
  toewijzing: 'pool' | 'direct';
  klusser_id: string;
}

function beginWaarden(klus: Klus | null): FormValues {
  const tekst = Object.fromEntries(TEKSTVELDEN.map((veld) => [veld, klus?.[veld] ?? ''])) as Record<(typeof TEKSTVELDEN)[number], string>;
  return {
    ...tekst,
    // The defaults of section 5: 65 euro an hour, 1 hour.
    geschat_tarief: klus ? klus.geschat_tarief_cents / 100 : 65,
    geschatte_duur: klus ? klus.geschatte_duur : 1,
    toewijzing: 'pool',
    klusser_id: '',
  };
}

/** The body the server takes: only its fields (it refuses unknown ones), money in cents. */
function invoer(v: FormValues): KlusInvoer {
  const num = (x: number | null) => (x === null || (x as unknown) === '' || Number.isNaN(Number(x)) ? undefined : Number(x));
  const tarief = num(v.geschat_tarief);
  const duur = num(v.geschatte_duur);
  return {
    datum: v.datum,
    tijd: v.tijd,
    categorie: v.categorie,
    beschrijving: v.beschrijving,
    klant_voornaam: v.klant_voornaam,
    klant_achternaam: v.klant_achternaam,
    adres: v.adres,
    postcode: v.postcode,
    woonplaats: v.woonplaats,
    telefoon: v.telefoon,
    email: v.email ?? '',
    ...(v.regio ? { regio: v.regio } : {}),
    ...(tarief === undefined ? {} : { geschat_tarief_cents: Math.round(tarief * 100) }),
    ...(duur === undefined ? {} : { geschatte_duur: duur }),
    klusser_notities: v.klusser_notities ?? '',
  };
}

/** The server names money fields in cents; the form in euros. */
const FORM_FIELD: Record<string, string> = { geschat_tarief_cents: 'geschat_tarief' };

/**
 * Create or edit a job (document 001 section 5: every field; rate default 65 in steps of 5,
 * duration default 1 in steps of 0.5; on create the choice pool or direct with a klusser of the
 * job's region). The browser checks what it can; the server checks everything again and its field
 * messages appear under the fields, with what was typed kept.
 */
export function KlusFormDialog({
  klus,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new job. */
  klus: Klus | null;
  open: boolean;
  onClose: () => void;
  onSaved: (klus: Klus) => void;
}) {
  const notify = useNotify();
  // The bodies are the API's (NieuweKlus, KlusInvoer), not a Klus: the answer is one.
  const [create] = useCreate();
  const [update] = useUpdate();
  const regios = useRegios();
  const [fout, setFout] = useState<string | null>(null);
  const nieuw = klus === null;
  const titel = nieuw ? 'Nieuwe klus' : 'Klus bewerken';

  const opslaan = async (values: Record<string, unknown>) => {
    const v = values as unknown as FormValues;
    const prefix = nieuw ? 'Fout bij aanmaken klus' : 'Fout bij bijwerken klus';
    setFout(null);
    // React-admin refreshes the jobs; api/queryClient.ts the other screens that show a job.
    const options = { returnPromise: true } as const;
    try {
      const saved = nieuw
        ? await create(
            'klussen',
            {
              data: {
                ...invoer(v),
                toewijzing: v.toewijzing,
                ...(v.toewijzing === 'direct' && v.klusser_id ? { klusser_id: v.klusser_id } : {}),
              } satisfies NieuweKlus,
            },
            options,
          )
        : await update('klussen', { id: klus.id, data: invoer(v), previousData: klus, meta: FULL_RECORD }, options);
      notify(nieuw ? 'Klus aangemaakt' : 'Klus bijgewerkt', { type: 'success' });
      onSaved(saved as Klus);
      return undefined;
    } catch (error) {
      setFout(actionFailure(error, prefix));
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(errorFields(error))) errors[FORM_FIELD[field] ?? field] = message;
      return errors;
    }
  };

  return (
    <FormDialog
      id="klus-form-title"
      title={titel}
      open={open}
      maxWidth="md"
      dividers
      defaultValues={beginWaarden(klus)}
      onSubmit={opslaan}
      failure={fout}
      label={nieuw ? 'Klus aanmaken' : 'Opslaan'}
      onClose={onClose}
    >
      <Typography variant="h6" component="h3">
        De klus
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <DateInput source="datum" label="Datum" validate={verplicht} />
        <SelectInput source="tijd" label="Tijd" choices={tijdKeuzes(klus?.tijd)} validate={verplicht} />
        <SelectInput source="categorie" label="Categorie" choices={[...CATEGORIE_CHOICES]} validate={verplicht} />
        <NumberInput source="geschat_tarief" label="Uurtarief (€)" step={5} min={0} validate={tariefRegel} helperText="Standaard € 65, in stappen van € 5" />
        <NumberInput source="geschatte_duur" label="Geschatte duur (uren)" step={0.5} min={0.5} validate={duurRegel} helperText="Standaard 1 uur, in stappen van 0,5" />
        <SelectInput
          source="regio"
          label="Regio"
          choices={[{ id: '', name: 'Automatisch (uit woonplaats en postcode)' }, ...regios.choices]}
          isPending={regios.isPending}
          emptyText="Automatisch (uit woonplaats en postcode)"
          emptyValue=""
        />
      </Box>
      <TextInput source="beschrijving" label="Omschrijving" multiline minRows={3} fullWidth validate={verplicht} />
      <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
        De klant
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput source="klant_voornaam" label="Voornaam" validate={verplicht} />
        <TextInput source="klant_achternaam" label="Achternaam" validate={verplicht} />
        <TextInput source="adres" label="Adres" validate={verplicht} />
        <TextInput source="postcode" label="Postcode" validate={verplicht} helperText="Bijvoorbeeld 2271 AB" />
        <TextInput source="woonplaats" label="Woonplaats" validate={verplicht} />
        <TextInput source="telefoon" label="Telefoon" type="tel" validate={verplicht} />
        <TextInput source="email" label="E-mail (niet verplicht)" type="email" />
      </Box>
      <TextInput source="klusser_notities" label="Notities voor de klusser" multiline minRows={2} fullWidth />
      {nieuw && (
        <>
          <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
            Toewijzing
          </Typography>
          <RadioButtonGroupInput
            source="toewijzing"
            label="Hoe wordt de klus toegewezen?"
            choices={[
              { id: 'pool', name: 'In de pool: klussers van de regio kunnen hem oppakken' },
              { id: 'direct', name: 'Direct aan een klusser' },
            ]}
            row={false}
          />
          <FormDataConsumer<FormValues>>
            {({ formData }) => (formData.toewijzing === 'direct' ? <KlusserKeuze regio={formData.regio} /> : null)}
          </FormDataConsumer>
        </>
      )}
    </FormDialog>
  );
}

/**
 * 'Klus bewerken' for the job with this id: read through the data provider (the cached record when
 * there is one), the form once it is there; a job that cannot be read is a toast, not a dialog.
 */
export function KlusEditDialog({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: (klus: Klus) => void }) {
  const notify = useNotify();
  const { data: klus } = useRecord<Klus>('klussen', id, {
    onError: (e) => {
      notify(e instanceof Error && e.message !== '' ? e.message : 'Fout bij laden van gegevens', { type: 'error' });
      onClose();
    },
  });
  if (klus === undefined) return null;
  return <KlusFormDialog klus={klus} open onClose={onClose} onSaved={onSaved} />;
}

/** The klussers of the chosen region; without a region, a hint instead of an empty list. */
function KlusserKeuze({ regio }: { regio: string }) {
  const { klussers, error } = useKandidaten(regio);
  if (!regio) {
    return <Alert severity="info">Kies eerst de regio van de klus; daarna kunt u een klusser uit die regio kiezen.</Alert>;
  }
  if (error !== null) return <Alert severity="error">{error}</Alert>;
  const choices = (klussers ?? []).map((k) => ({ id: k.id, name: `${k.naam} (${k.woonplaats})` }));
  return (
    <SelectInput
      source="klusser_id"
      label="Klusser"
      choices={choices}
      isLoading={klussers === null}
      validate={required('Kies een klusser.')}
      helperText={klussers !== null && klussers.length === 0 ? 'Deze regio heeft geen actieve klussers.' : false}
    />
  );
}
