import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link } from '@mui/material';
import type { ListItem } from '@shared-api-types';
import { ddMMyyyy } from '../fields/dates';
import { euro } from '../klussen/format';
import { Facts } from '../fields/Facts';

type Factuur = ListItem<'/api/v1/facturen'>;

/** An invoice as the customer received it: its lines, totals and payment, and its PDF. */
export function FactuurDialog({ factuur: f, methode, onClose }: { factuur: Factuur; methode: string; onClose: () => void }) {
  const rows: [string, string][] = [
    ['Datum', ddMMyyyy(f.datum)],
    ['Klant', [f.klant_naam, f.klant_email].filter(Boolean).join(', ') || '—'],
    ['Omschrijving', f.omschrijving || '—'],
    ['Arbeid', `${f.uren} × ${euro(f.uurtarief_cents)}`],
    ['Materiaal', euro(f.materiaal_cents)],
    ['Subtotaal', euro(f.subtotaal_cents)],
    ['Btw (21%)', euro(f.btw_bedrag_cents)],
    ['Totaal', euro(f.totaal_bedrag_cents)],
    ['Betaling', methode],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby="factuur-title" maxWidth="sm" fullWidth>
      <DialogTitle id="factuur-title">Factuur {f.factuurnummer}</DialogTitle>
      <DialogContent dividers>
        <Facts rows={rows} />
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        <Link href={`/api/v1/facturen/${f.id}/pdf`} target="_blank" rel="noopener" sx={{ mr: 'auto', fontWeight: 700 }}>
          PDF downloaden
        </Link>
        <Button onClick={onClose} variant="outlined" size="large">
          Sluiten
        </Button>
      </DialogActions>
    </Dialog>
  );
}
