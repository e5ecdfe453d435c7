import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { ActionError, callApi } from '../api/action';
import { ddMMyyyy } from '../fields/dates';
import { euro } from '../klussen/format';
import { Facts } from '../fields/Facts';

/** A row of the invoice list; offerte names the accepted quote it bills (D26), else null. */
type Factuur = ListItem<'/api/v1/facturen'>;

/** The most a reason may hold (the server says the same). */
const MAX_REDEN = 1000;

/**
 * An invoice as the customer received it: its lines, totals and payment, its PDF, a print-friendly
 * page, and, for an invoice not credited yet, 'Crediteren': an issued invoice is never changed
 * (D28), a correction is a credit invoice with a reason.
 */
export function FactuurDialog({ factuur: f, methode, onClose }: { factuur: Factuur; methode: string; onClose: () => void }) {
  const [crediteren, setCrediteren] = useState(false);
  const rows: [string, string][] = [
    ['Datum', ddMMyyyy(f.datum)],
    ['Klant', [f.klant_naam, f.klant_email].filter(Boolean).join(', ') || '—'],
    ['Omschrijving', f.omschrijving || '—'],
    // An invoice of an accepted quote bills the quote's price (excl. VAT) and, apart, the meerwerk.
    f.offerte ? ['Vaste prijs', `Offerte ${f.offerte}: ${euro(f.uurtarief_cents)}`] : ['Arbeid', `${f.uren} × ${euro(f.uurtarief_cents)}`],
    [f.offerte ? 'Meerwerk' : 'Materiaal', euro(f.materiaal_cents)],
    ['Subtotaal', euro(f.subtotaal_cents)],
    ['Btw (21%)', euro(f.btw_bedrag_cents)],
    ['Totaal', euro(f.totaal_bedrag_cents)],
    ['Betaling', methode],
  ];
  if (f.credit_van) rows.push(['Crediteert factuur', f.credit_van]);
  if (f.gecrediteerd_door) rows.push(['Gecrediteerd door', f.gecrediteerd_door]);
  const kanCrediteren = !f.credit_van && !f.gecrediteerd_door;
  const titel = f.credit_van ? 'Creditfactuur' : 'Factuur';
  return (
    <Dialog open onClose={onClose} aria-labelledby="factuur-title" maxWidth="sm" fullWidth>
      <DialogTitle id="factuur-title">
        {titel} {f.factuurnummer}
      </DialogTitle>
      <DialogContent dividers>
        <Facts rows={rows} />
        {crediteren && <CreditForm factuur={f} onDone={onClose} onCancel={() => setCrediteren(false)} />}
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1, flexWrap: 'wrap' }}>
        <Link href={`/api/v1/facturen/${f.id}/pdf`} target="_blank" rel="noopener" sx={{ mr: 'auto', fontWeight: 700 }}>
          PDF downloaden
        </Link>
        <Button
          component="a"
          href={`/admin/afdrukken/factuur/${f.id}`}
          target="_blank"
          rel="noopener"
          variant="outlined"
          size="large"
          startIcon={<PrintIcon />}>
          Afdrukken
        </Button>
        {kanCrediteren && !crediteren && (
          <Button variant="outlined" color="warning" size="large" onClick={() => setCrediteren(true)}>
            Crediteren
          </Button>
        )}
        <Button onClick={onClose} variant="outlined" size="large">
          Sluiten
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The reason and the confirmation of a credit invoice; the server makes, numbers and mails it. */
function CreditForm({ factuur: f, onDone, onCancel }: { factuur: Factuur; onDone: () => void; onCancel: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [reden, setReden] = useState('');
  const [fout, setFout] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const maak = async () => {
    const r = reden.trim();
    if (r === '') return setFout('Geef de reden van de creditfactuur.');
    if (r.length > MAX_REDEN) return setFout('De reden is te lang (hoogstens 1000 tekens).');
    setBusy(true);
    try {
      const a = await callApi(`/api/v1/facturen/${f.id}/crediteren`, { method: 'POST', body: { reden: r } }, 'Kon creditfactuur niet maken');
      notify(a.message, { type: 'success' });
      refresh();
      onDone();
    } catch (e) {
      setFout(e instanceof ActionError ? (e.fields['reden'] ?? e.message) : 'Kon creditfactuur niet maken');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="credit-title" sx={{ mt: 2, p: 2, border: 1, borderColor: 'warning.main', borderRadius: 1 }}>
      <Typography id="credit-title" variant="h6" component="h3" gutterBottom>
        Creditfactuur maken
      </Typography>
      <Typography gutterBottom>
        Factuur {f.factuurnummer} blijft bestaan. De creditfactuur trekt het hele bedrag ({euro(f.totaal_bedrag_cents)}) terug, krijgt het volgende
        nummer en gaat per e-mail naar de klant.
      </Typography>
      {fout !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {fout}
        </Alert>
      )}
      <TextField
        label="Reden"
        value={reden}
        onChange={(e) => setReden(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        required
        error={fout !== null}
        slotProps={{ htmlInput: { maxLength: MAX_REDEN + 100 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button variant="contained" color="warning" size="large" disabled={busy} onClick={() => void maak()}>
          Creditfactuur maken
        </Button>
        <Button variant="outlined" size="large" disabled={busy} onClick={onCancel}>
          Annuleren
        </Button>
      </Box>
    </Box>
  );
}
