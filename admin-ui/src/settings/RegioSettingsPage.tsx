import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, Title, useNotify } from 'react-admin';
import type { ResponseBody } from '@shared-api-types';
import { ActionError, callApi } from '../api/action';
import { formToRegios, RegioCards, regiosToForm, type RegioForm } from './RegioCards';

type Settings = ResponseBody<'/api/v1/regio-instellingen'>['data'];
type FormValues = { regios: RegioForm };

const PATH = '/api/v1/regio-instellingen';

/**
 * Franchise settings, /franchise/settings (document 001 section 2): the support phone and e-mail
 * of each of the owner's regions, which its klussers and customers see. 'Geen regio's toegewezen'
 * without a region; 'Opgeslagen' or 'Fout bij opslaan' with the server's message.
 */
export function RegioSettingsPage() {
  const notify = useNotify();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    callApi<Settings>(PATH, { signal: controller.signal }, 'Fout bij laden van gegevens')
      .then((a) => setSettings(a.data))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoadError(e instanceof Error ? e.message : 'Fout bij laden van gegevens');
      });
    return () => controller.abort();
  }, []);

  const save = async (values: Record<string, unknown>) => {
    const v = values as unknown as FormValues;
    setSaveError(null);
    try {
      const body = { regios: formToRegios(v.regios) };
      const answer = await callApi<Settings>(PATH, { method: 'PUT', body }, 'Fout bij opslaan');
      setSettings(answer.data);
      notify(answer.message || 'Opgeslagen', { type: 'success' });
      return undefined;
    } catch (e) {
      const message = e instanceof ActionError ? `Fout bij opslaan: ${e.message}` : 'Fout bij opslaan';
      setSaveError(message);
      notify(message, { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return (
    <Box component="main" sx={{ py: 2, maxWidth: 900 }}>
      <Title title="Instellingen" />
      <Typography variant="h4" component="h1" gutterBottom>
        Instellingen
      </Typography>
      {loadError !== null && <Alert severity="error">{loadError}</Alert>}
      {settings === null && loadError === null && <Typography role="status">Instellingen worden geladen…</Typography>}
      {settings !== null && settings.regios.length === 0 && <Alert severity="info">Geen regio&apos;s toegewezen</Alert>}
      {settings !== null && settings.regios.length > 0 && (
        <Form
          defaultValues={{ regios: regiosToForm(settings.regios) }}
          onSubmit={save}
          noValidate
        >
          {saveError !== null && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {saveError}
            </Alert>
          )}
          <RegioCards regios={settings.regios} />
          <Button type="submit" variant="contained" size="large">
            Opslaan
          </Button>
        </Form>
      )}
    </Box>
  );
}
