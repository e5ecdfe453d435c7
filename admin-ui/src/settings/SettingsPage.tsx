import { Box, Card, CardContent, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { Afdrachtpercentages } from './Afdrachtpercentages';
import { Facturering } from './Facturering';
import { formToRegios, RegioCards, regiosToForm, type RegioForm } from './RegioCards';
import { SettingsForm, SettingsLayout } from './SettingsLayout';
import { useSettings } from './useSettings';

type Settings = ResponseBody<'/api/v1/settings/{id}'>['data'];

interface FormValues {
  support_phone_default: string;
  regios: RegioForm;
}

function toForm(s: Settings): FormValues {
  return { support_phone_default: s.support_phone_default, regios: regiosToForm(s.regios) };
}

const PATH = '/api/v1/settings/algemeen';

/**
 * Admin settings, /admin/settings (document 001 section 2): the platform's default support phone
 * and, per region, the franchise's support phone and e-mail (shown to that region's klussers and
 * customers). 'Opgeslagen' or 'Fout bij opslaan' with the server's message (section 8); a wrong
 * value is marked at its field and nothing typed is lost. Below them, Facturering: the businesses
 * that issue the invoices (D28), each saved on its own, and the fee percentage of each region with
 * a business of its own (D32).
 */
export function SettingsPage() {
  const { settings, loadError, saveError, save } = useSettings<Settings>(PATH, 'saveAlgemeneSettings', (values) => {
    const v = values as unknown as FormValues;
    return { support_phone_default: v.support_phone_default ?? '', regios: formToRegios(v.regios) };
  });

  return (
    <SettingsLayout loading={settings === null} loadError={loadError}>
      {settings !== null && (
        <SettingsForm defaultValues={toForm(settings)} onSubmit={save} saveError={saveError}>
          <Card component="section" aria-labelledby="algemeen-title" sx={{ mb: 2 }}>
            <CardContent>
              <Typography id="algemeen-title" variant="h5" component="h2" gutterBottom>
                Algemeen
              </Typography>
              <TextInput source="support_phone_default" label="Standaard supporttelefoon" type="tel" helperText="Voor regio's zonder eigen nummer" fullWidth />
            </CardContent>
          </Card>
          <RegioCards regios={settings.regios} />
        </SettingsForm>
      )}
      {settings !== null && (
        <Box sx={{ mt: 3 }}>
          <Facturering editable regios={settings.regios} />
          <Afdrachtpercentages />
        </Box>
      )}
    </SettingsLayout>
  );
}
