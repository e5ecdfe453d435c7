import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { ActionError, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import type { ConsoleDataProvider } from '../dataProvider';
import { downloadBlob } from './csv';

/** What stays after an erase, and why (the server sends the same words back). */
export const KEPT =
  'Facturen blijven bewaard: de wet verplicht ons facturen zeven jaar te bewaren. Alle andere gegevens van deze klant worden gewist.';

const path = (email: string) => `/api/v1/admin/klanten/${encodeURIComponent(email)}`;

interface Erased {
  klussen: number;
  emails: number;
  facturen_bewaard: number;
}

/**
 * The customer's AVG rights: an export of everything held about the address (a zip
 * made by the server) and an erase that keeps only the issued invoices. Both are audited there.
 */
export function AvgActions({ email, onErased }: { email: string; onErased?: () => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const wis = useAction('wisKlant');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [done, setDone] = useState<Erased | null>(null);

  const exportData = async () => {
    setBusy('export');
    try {
      downloadBlob(`klantgegevens-${email}.zip`, await dataProvider.readBlob(`${path(email)}/export`, 'application/zip', 'Exporteren is niet gelukt'));
      notify('Gegevens geëxporteerd', { type: 'success' });
    } catch (e) {
      // The server's refusal in its own words, or 'Exporteren is niet gelukt: geen verbinding …'.
      notify(e instanceof ActionError ? e.message : 'Exporteren is niet gelukt', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    setConfirming(false);
    setBusy('erase');
    try {
      // The counts are top-level in the answer. The action invalidates the customer and its jobs.
      const answer: ActionAnswer<unknown> = await wis.mutateAsync({ email });
      const e = answer.extra as unknown as Erased;
      setDone(e);
      notify(`Gegevens gewist: ${e.klussen} klussen; ${e.facturen_bewaard} facturen bewaard`, { type: 'success' });
      onErased?.();
    } catch (e) {
      // A refusal in the server's words; no answer at all says so.
      notify(e instanceof ActionError && e.status !== 0 ? e.message : 'Wissen is niet gelukt: geen verbinding met de server', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Privacy (AVG)
        </Typography>
        <Typography gutterBottom>
          Op verzoek van de klant: alle gegevens als bestand meegeven, of alle persoonsgegevens wissen.
        </Typography>
        {done !== null && (
          <Alert severity="success" sx={{ my: 1 }}>
            Gewist: {done.klussen} klussen en {done.emails} e-mails. {done.facturen_bewaard} facturen zijn bewaard (bewaarplicht).
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <Button variant="outlined" size="large" startIcon={<DownloadIcon />} onClick={() => void exportData()} disabled={busy !== null}>
            Gegevens exporteren
          </Button>
          <Button variant="contained" color="error" size="large" startIcon={<DeleteForeverIcon />} onClick={() => setConfirming(true)} disabled={busy !== null || done !== null}>
            Gegevens wissen
          </Button>
        </Stack>
      </CardContent>
      <Confirm
        isOpen={confirming}
        title="Gegevens van deze klant wissen?"
        content={`${KEPT} Dit kan niet ongedaan worden gemaakt.`}
        confirm="Ja, wissen"
        cancel="Annuleren"
        confirmColor="warning"
        onConfirm={() => void erase()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
