import { Alert, Box } from '@mui/material';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { Facturering } from './Facturering';
import { formToRegios, RegioCards, regiosToForm, type RegioForm } from './RegioCards';
import { SettingsForm, SettingsLayout } from './SettingsLayout';
import { useSettings } from './useSettings';

type Settings = ResponseBody<'/api/v1/regio-instellingen'>['data'];
type FormValues = { regios: RegioForm };

const PATH = '/api/v1/regio-instellingen';

/**
 * Franchise settings, /franchise/settings (document 001 section 2): the support phone and e-mail
 * of each of the owner's regions, which its klussers and customers see. 'Geen regio's toegewezen'
 * without a region; 'Opgeslagen' or 'Fout bij opslaan' with the server's message. Below them,
 * Facturering read-only: the business that issues the invoices of each of its regions (D28).
 */
export function RegioSettingsPage() {
  const { settings, loadError, saveError, save } = useSettings<Settings>(PATH, 'saveRegioSettings', (values) => ({
    regios: formToRegios((values as unknown as FormValues).regios),
  }));

  return (
    <SettingsLayout loading={settings === null} loadError={loadError}>
      {settings !== null && settings.regios.length === 0 && <Alert severity="info">Geen regio&apos;s toegewezen</Alert>}
      {settings !== null && settings.regios.length > 0 && (
        <SettingsForm defaultValues={{ regios: regiosToForm(settings.regios) }} onSubmit={save} saveError={saveError}>
          <RegioCards regios={settings.regios} />
        </SettingsForm>
      )}
      {settings !== null && (
        <Box sx={{ mt: 3 }}>
          <Facturering editable={false} regios={settings.regios} />
        </Box>
      )}
    </SettingsLayout>
  );
}
