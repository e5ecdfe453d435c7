import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, useNotify, type Validator } from 'react-admin';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { ActionError, errorFields } from '../api/action';
import { useAction } from '../api/useAction';
import { useIsAdmin } from '../auth/useMe';
import { ddMMyyyy } from '../fields/dates';
import { euro } from '../klussen/format';
import { Facts } from '../fields/Facts';
import { staatTekst } from './staat';

/** A row of the invoice list; offerte names the accepted quote it bills (D26), else null. */
type Factuur = ListItem<'/api/v1/facturen'>;

/** The most a reason may hold (the server says the same). */
const MAX_REDEN = 1000;

/**
 * An invoice as the customer received it: its lines, totals and state, its PDF, a print-friendly
 * page, the way to its follow-up (D30: payments, reminders, timeline), and, for an admin and an
 * invoice not credited yet, 'Crediteren': an issued invoice is never changed (D28), a correction
 * is a credit invoice with a reason.
 */
export function FactuurDialog({ factuur: f, onClose, onOpvolging }: { factuur: Factuur; onClose: () => void; onOpvolging: () => void }) {
  const admin = useIsAdmin();
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
    ['Staat', staatTekst(f.staat, f.gecrediteerd_door)],
    ['Betaald', euro(f.betaald_cents)],
    ['Open', euro(f.open_cents)],
  ];
  if (f.credit_van === null) rows.push(['Vervaldatum', ddMMyyyy(f.vervaldatum)]);
  if (f.credit_van) rows.push(['Crediteert factuur', f.credit_van]);
  if (f.gecrediteerd_door) rows.push(['Gecrediteerd door', f.gecrediteerd_door]);
  const kanCrediteren = admin && !f.credit_van && !f.gecrediteerd_door;
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
        <Button variant="outlined" size="large" onClick={onOpvolging}>
          Opvolging
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

const redenRegels: Validator[] = [
  (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? undefined : 'Geef de reden van de creditfactuur.'),
  (value: unknown) => (typeof value === 'string' && value.trim().length > MAX_REDEN ? 'De reden is te lang (hoogstens 1000 tekens).' : undefined),
];

/**
 * The reason and the confirmation of a credit invoice; the server makes, numbers and mails it. The
 * action invalidates the invoices (facturen/actions.ts): the list shows the credit invoice.
 */
function CreditForm({ factuur: f, onDone, onCancel }: { factuur: Factuur; onDone: () => void; onCancel: () => void }) {
  const notify = useNotify();
  const credit = useAction('creditFactuur');
  const [fout, setFout] = useState<string | null>(null);
  const maak = async (values: Record<string, unknown>) => {
    setFout(null);
    try {
      // mutateAsync, not run: a refusal shows in the form, not as a toast.
      const a = await credit.mutateAsync({ id: f.id, reden: String(values['reden']).trim() });
      notify(a.message, { type: 'success' });
      onDone();
      return undefined;
    } catch (e) {
      const fields = errorFields(e);
      if (fields['reden'] !== undefined) return { reden: fields['reden'] };
      setFout(e instanceof ActionError ? e.message : 'Kon creditfactuur niet maken');
      return undefined;
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
      <Form defaultValues={{ reden: '' }} onSubmit={maak} noValidate>
        <TextInput
          source="reden"
          label="Reden"
          multiline
          minRows={2}
          fullWidth
          validate={redenRegels}
          helperText={false}
          slotProps={{ htmlInput: { maxLength: MAX_REDEN + 100, 'aria-required': true } }}
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button type="submit" variant="contained" color="warning" size="large" disabled={credit.isPending}>
            Creditfactuur maken
          </Button>
          <Button variant="outlined" size="large" disabled={credit.isPending} onClick={onCancel}>
            Annuleren
          </Button>
        </Box>
      </Form>
    </Box>
  );
}
