import { Box } from '@mui/material';
import { NumberInput, required, TextInput, useCreate } from 'react-admin';
import { SwitchInput } from '../fields/SwitchInput';
import type { RequestBody } from '@klusmaat/shared-ui/api/types';
import { recordError, saveFailure } from '../lists/recordErrors';
import { RegioCheckboxGroupInput } from '../regios/RegioInputs';
import { CreateDialog } from '../dialogs/CreateDialog';

type Nieuw = RequestBody<'/api/v1/klussers', 'post'>;

/** Section 5 ('New handyman'): the same message as the server's for every required field. */
const VERPLICHT = required('Vul alle verplichte velden in');
const REGIO_VERPLICHT = (v: unknown) => (Array.isArray(v) && v.length > 0 ? undefined : 'Vul alle verplichte velden in');

interface FormValues {
  naam: string;
  email: string;
  password: string;
  telefoon: string;
  adres: string;
  postcode: string;
  woonplaats: string;
  regio: string[];
  leeftijd: number | null;
  heeft_vog: boolean;
  heeft_vervoer: boolean;
  motivatie: string;
  ervaring: string;
}

const LEEG: FormValues = {
  naam: '', email: '', password: '', telefoon: '', adres: '', postcode: '', woonplaats: '', regio: [],
  leeftijd: null, heeft_vog: false, heeft_vervoer: false, motivatie: '', ervaring: '',
};

function body(v: FormValues): Nieuw {
  return { ...v, leeftijd: v.leeftijd === null || Number.isNaN(v.leeftijd) ? null : Number(v.leeftijd) };
}

/**
 * 'Nieuwe Klusser' (create-klusser-direct): name, e-mail, password, phone, town and region are
 * required, age is optional. The server makes the sign-in account, role and profile in one
 * operation (D14); an address already in use gets section 8's message.
 */
export function NieuweKlusserDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [create] = useCreate();
  return (
    <CreateDialog
      id="nieuwe-klusser-title"
      title="Nieuwe Klusser"
      label="Klusser aanmaken"
      open={open}
      defaultValues={LEEG}
      create={async (values) => {
        // react-admin refreshes the klussers' list and totals itself after a create.
        await create('klussers', { data: body(values) }, { returnPromise: true });
        return 'Klusser succesvol aangemaakt';
      }}
      failure={(e) => ({ message: saveFailure(e, 'Fout bij aanmaken klusser'), fields: recordError(e).fields })}
      onClose={onClose}
      onSaved={onSaved}
      columns={
        <>
          <TextInput source="naam" label="Naam" validate={VERPLICHT} />
          <TextInput source="email" label="E-mailadres" type="email" validate={VERPLICHT} />
          <TextInput source="password" label="Wachtwoord" type="text" validate={VERPLICHT} helperText="Minstens 10 tekens; geef het de klusser persoonlijk door" />
          <TextInput source="telefoon" label="Telefoon" type="tel" validate={VERPLICHT} />
          <TextInput source="adres" label="Adres (niet verplicht)" />
          <TextInput source="postcode" label="Postcode (niet verplicht)" helperText="Bijvoorbeeld 2271 AB" />
          <TextInput source="woonplaats" label="Woonplaats" validate={VERPLICHT} />
          <NumberInput source="leeftijd" label="Leeftijd (niet verplicht)" min={18} max={120} />
        </>
      }
    >
      <RegioCheckboxGroupInput source="regio" label="Regio" validate={REGIO_VERPLICHT} />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <SwitchInput source="heeft_vog" label="Heeft een VOG" />
        <SwitchInput source="heeft_vervoer" label="Heeft eigen vervoer" />
      </Box>
      <TextInput source="motivatie" label="Motivatie (niet verplicht)" multiline minRows={2} fullWidth />
      <TextInput source="ervaring" label="Ervaring (niet verplicht)" multiline minRows={2} fullWidth />
    </CreateDialog>
  );
}
