import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, FormDataConsumer, NumberInput, required, TextInput, useNotify, useUpdate } from 'react-admin';
import { CheckboxGroupInput } from '../fields/CheckboxGroupInput';
import { SwitchInput } from '../fields/SwitchInput';
import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { FULL_RECORD } from '../api/useRecord';
import { recordError } from '../lists/recordErrors';
import { currentYearNL } from '@klusmaat/shared-ui/calendar';
import { RegioCheckboxGroupInput } from '../regios/RegioInputs';

type Detail = ResponseBody<'/api/v1/klussers/{id}'>['data'];
type Profiel = RequestBody<'/api/v1/klussers/{id}', 'put'>;

/** The options and limits of document 001 sections 5 and 9. */
export const SPECIALISATIES = ['Houtwerk', 'Schilderen', 'Tuinwerk', 'Elektrisch', 'Loodgieterswerk', 'Tegelwerk', 'Monteren', 'Reparaties'];
const DAGEN = ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag'];
export const MAX_INTRO_WOORDEN = 500;
const EERSTE_JAAR = 1950;

/** Words as the counter counts them: runs of non-space. */
export const woorden = (s: string) => (s.trim() === '' ? 0 : s.trim().split(/\s+/).length);

function toForm(k: Detail): Profiel {
  return {
    naam: k.naam, telefoon: k.telefoon, adres: k.adres, postcode: k.postcode, woonplaats: k.woonplaats, regio: k.regio,
    leeftijd: k.leeftijd, heeft_vog: k.heeft_vog, heeft_vervoer: k.heeft_vervoer, motivatie: k.motivatie, ervaring: k.ervaring,
    beschikbaarheid: k.beschikbaarheid, zichtbaar_op_website: k.zichtbaar_op_website, intro_tekst: k.intro_tekst,
    gepensioneerd_sinds: k.gepensioneerd_sinds, specialisaties: k.specialisaties, actief: k.actief,
  };
}

function fromForm(v: Profiel): Profiel {
  const num = (x: unknown) => (x === null || x === undefined || x === '' || Number.isNaN(Number(x)) ? null : Number(x));
  return { ...v, leeftijd: num(v.leeftijd), gepensioneerd_sinds: num(v.gepensioneerd_sinds) };
}

/**
 * The Profiel tab (document 001 section 5): every profile field. The region's 'Selecteer minimaal
 * één regio' and the intro's 500-word counter are shown, not enforced (as the spec says); the
 * retired-since year must lie between 1950 and this year (the Dutch calendar's).
 */
export function ProfielForm({ k }: { k: Detail }) {
  const notify = useNotify();
  const [update] = useUpdate();
  const [fout, setFout] = useState<string | null>(null);
  const jaar = currentYearNL();
  const jaarCheck = (v: unknown) => {
    if (v === null || v === undefined || v === '') return undefined;
    const n = Number(v);
    return n >= EERSTE_JAAR && n <= jaar ? undefined : `Kies een jaar tussen ${EERSTE_JAAR} en ${jaar}.`;
  };
  const opslaan = async (values: Record<string, unknown>) => {
    setFout(null);
    try {
      // The cache's klusser becomes the server's answer: the page's heading and the list follow.
      await update(
        'klussers',
        { id: k.id, data: fromForm(values as unknown as Profiel), previousData: k, meta: FULL_RECORD },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('Profiel opgeslagen', { type: 'success' });
      return undefined;
    } catch (e) {
      const { status, message, fields } = recordError(e);
      setFout(status !== 0 && message !== '' ? `Fout bij opslaan profiel: ${message}` : 'Fout bij opslaan profiel');
      notify('Fout bij opslaan profiel', { type: 'error' });
      return fields;
    }
  };
  return (
    <Form defaultValues={toForm(k)} onSubmit={opslaan} noValidate>
      {fout !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {fout}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextInput source="naam" label="Naam" validate={required('Vul een naam in.')} />
        <TextInput source="email_alleen_lezen" label="E-mailadres (inlognaam, niet te wijzigen)" defaultValue={k.email} disabled />
        <TextInput source="telefoon" label="Telefoon" type="tel" />
        <TextInput source="adres" label="Adres" />
        <TextInput source="postcode" label="Postcode" helperText="Bijvoorbeeld 2271 AB" />
        <TextInput source="woonplaats" label="Woonplaats" />
        <NumberInput source="leeftijd" label="Leeftijd" min={18} max={120} />
        <NumberInput source="gepensioneerd_sinds" label="Gepensioneerd sinds (jaar)" min={EERSTE_JAAR} max={jaar} validate={jaarCheck} />
      </Box>
      <RegioCheckboxGroupInput source="regio" label="Regio's" />
      <FormDataConsumer<Profiel>>
        {({ formData }) =>
          (formData.regio ?? []).length === 0 ? (
            <Typography role="alert" color="error" sx={{ mb: 1, fontWeight: 700 }}>
              Selecteer minimaal één regio
            </Typography>
          ) : null
        }
      </FormDataConsumer>
      <CheckboxGroupInput source="specialisaties" label="Specialisaties" choices={SPECIALISATIES.map((s) => ({ id: s, name: s }))} />
      <CheckboxGroupInput source="beschikbaarheid" label="Beschikbaarheid" choices={DAGEN.map((d) => ({ id: d, name: d }))} />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {/* An archived klusser is inactive; switching this on brings the klusser back. */}
        <SwitchInput source="actief" label="Actief" />
        <SwitchInput source="zichtbaar_op_website" label="Zichtbaar op de website" />
        <SwitchInput source="heeft_vog" label="Heeft een VOG" />
        <SwitchInput source="heeft_vervoer" label="Heeft eigen vervoer" />
      </Box>
      <TextInput source="intro_tekst" label="Introductie (voor de website)" multiline minRows={4} fullWidth />
      <FormDataConsumer<Profiel>>
        {({ formData }) => {
          const n = woorden(formData.intro_tekst ?? '');
          return (
            <Typography aria-live="polite" sx={{ mb: 2, fontWeight: n > MAX_INTRO_WOORDEN ? 700 : 400 }} color={n > MAX_INTRO_WOORDEN ? 'error' : 'text.primary'}>
              {n} / {MAX_INTRO_WOORDEN} woorden
            </Typography>
          );
        }}
      </FormDataConsumer>
      <TextInput source="motivatie" label="Motivatie" multiline minRows={2} fullWidth />
      <TextInput source="ervaring" label="Ervaring" multiline minRows={2} fullWidth />
      <Button type="submit" variant="contained" size="large">
        Profiel opslaan
      </Button>
    </Form>
  );
}
