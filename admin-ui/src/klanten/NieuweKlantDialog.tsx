import { Box, Typography } from '@mui/material';
import { DateInput, FormDataConsumer, required, TextInput } from 'react-admin';
import { SwitchInput } from '../fields/SwitchInput';
import { SelectInput } from '../fields/SelectInput';
import type { RequestBody } from '@klusmaat/shared-ui/api/types';
import { ActionError, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import { CATEGORIE_CHOICES } from '../klussen/status';
import { CreateDialog } from '../dialogs/CreateDialog';

type NieuweKlant = RequestBody<'/api/v1/klanten', 'post'>;

/** The messages of section 5 ('New customer'), the same on the server. */
const VERPLICHT = required('Vul alle verplichte velden in');
const KLUS_VERPLICHT = required('Vul alle klus gegevens in');

const TIJDEN = [
  { id: 'ochtend', name: 'Ochtend (08:00 - 12:00)' },
  { id: 'middag', name: 'Middag (12:00 - 17:00)' },
  { id: 'avond', name: 'Avond (17:00 - 20:00)' },
];

interface FormValues {
  email: string;
  telefoon: string;
  woonplaats: string;
  adres: string;
  postcode: string;
  klant_voornaam: string;
  klant_achternaam: string;
  met_klus: boolean;
  klus: { datum: string; tijd: string; categorie: string; beschrijving: string };
}

const LEEG: FormValues = {
  email: '',
  telefoon: '',
  woonplaats: '',
  adres: '',
  postcode: '',
  klant_voornaam: '',
  klant_achternaam: '',
  met_klus: false,
  klus: { datum: '', tijd: '', categorie: '', beschrijving: '' },
};

function body(v: FormValues): NieuweKlant {
  return {
    email: v.email,
    telefoon: v.telefoon,
    woonplaats: v.woonplaats,
    adres: v.adres,
    postcode: v.postcode,
    ...(v.klant_voornaam ? { klant_voornaam: v.klant_voornaam } : {}),
    ...(v.klant_achternaam ? { klant_achternaam: v.klant_achternaam } : {}),
    ...(v.met_klus
      ? { klus: { datum: v.klus.datum, tijd: v.klus.tijd, categorie: v.klus.categorie, beschrijving: v.klus.beschrijving } }
      : {}),
  };
}

/**
 * 'Nieuwe Klant' (document 001 sections 4 and 5): contact details and, when 'Ook een klus
 * aanmaken' is ticked, a first job; without one the server makes the placeholder job of section 4.
 * Section 5 requires e-mail, phone and town only: address and postcode may be left empty (the job
 * then carries none until someone fills them in). The server (services/klant) checks the same,
 * with the same messages.
 */
export function NieuweKlantDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const createKlant = useAction('createKlant');
  return (
    <CreateDialog
      id="nieuwe-klant-title"
      title="Nieuwe Klant"
      label="Klant aanmaken"
      open={open}
      defaultValues={LEEG}
      create={async (values) => {
        const answer: ActionAnswer<unknown> = await createKlant.mutateAsync({ body: { ...body(values) } });
        return answer.message || 'Klant aangemaakt';
      }}
      failure={(e) => (e instanceof ActionError ? { message: `Fout bij aanmaken klant: ${e.message}`, fields: e.fields } : { message: 'Fout bij aanmaken klant' })}
      onClose={onClose}
      onSaved={onSaved}
      columns={
        <>
          <TextInput source="email" label="E-mailadres" type="email" validate={VERPLICHT} />
          <TextInput source="telefoon" label="Telefoon" type="tel" validate={VERPLICHT} />
          <TextInput source="klant_voornaam" label="Voornaam (niet verplicht)" />
          <TextInput source="klant_achternaam" label="Achternaam (niet verplicht)" />
          <TextInput source="adres" label="Adres (niet verplicht)" />
          <TextInput source="postcode" label="Postcode (niet verplicht)" helperText="Bijvoorbeeld 2271 AB" />
          <TextInput source="woonplaats" label="Woonplaats" validate={VERPLICHT} />
        </>
      }
    >
      <SwitchInput source="met_klus" label="Ook een klus aanmaken" />
      <FormDataConsumer<FormValues>>
        {({ formData }) =>
          formData.met_klus ? (
            <Box component="fieldset" sx={{ border: '1px solid #ccd', borderRadius: 1, p: 2 }}>
              <Typography component="legend" sx={{ px: 1, fontWeight: 700 }}>
                De eerste klus
              </Typography>
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <DateInput source="klus.datum" label="Datum" validate={KLUS_VERPLICHT} />
                <SelectInput source="klus.tijd" label="Tijd" choices={TIJDEN} validate={KLUS_VERPLICHT} />
                <SelectInput source="klus.categorie" label="Categorie" choices={[...CATEGORIE_CHOICES]} validate={KLUS_VERPLICHT} />
              </Box>
              <TextInput source="klus.beschrijving" label="Omschrijving" multiline minRows={2} fullWidth validate={KLUS_VERPLICHT} />
            </Box>
          ) : (
            <Typography variant="body2">
              Zonder klus wordt een registratieklus aangemaakt: &apos;Klant registratie - nog geen specifieke klus&apos;.
            </Typography>
          )
        }
      </FormDataConsumer>
    </CreateDialog>
  );
}
