import { Typography } from '@mui/material';
import { euro, euroHeel } from '@klusmaat/shared-ui/money';
/** Display helpers of the jobs screens: money in cents (D7), hours with a Dutch comma. */
const HOURS = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

/** An amount in cents: '€ 1.234,56', '€ -95,47' (the one money formatter, shared-ui/money). */
export { euro };

/** The fixed price of a job whose customer accepted a quote (D26): that version's amounts. */
export interface VastePrijs {
  offerte: string;
  versie: number;
  excl_cents: number;
  incl_cents: number;
}

/** What a job's price is made of: its estimate, and the fixed price once a quote is accepted. */
interface Prijsgegevens {
  geschat_tarief_cents: number;
  geschatte_duur: number;
  vaste_prijs?: VastePrijs | null;
}

/** The estimate of a job: rate × duration in whole euros (section 9), with how it is made up. */
export function schatting(tariefCents: number, duur: number): string {
  return `${euroHeel(Math.round((tariefCents / 100) * duur))} (${HOURS.format(duur)} u × ${euroHeel(tariefCents / 100)})`;
}

/**
 * The fixed price in full, as the job's details say it (D33: it replaces the estimate):
 * '€ 221,30 excl. btw (€ 267,77 incl. btw), de vaste prijs uit de geaccepteerde offerte O2026-0001, versie 2'.
 */
export function vastePrijs(v: VastePrijs): string {
  return `${euro(v.excl_cents)} excl. btw (${euro(v.incl_cents)} incl. btw), de vaste prijs uit de geaccepteerde offerte ${v.offerte}, versie ${v.versie}`;
}

/** The assignment column: who does it, or where it waits. */
export function toewijzing(row: { klusser?: string | null; assignment_type?: string | null }): string {
  if (row.klusser != null && row.klusser !== '') return row.assignment_type === 'pool' ? `${row.klusser} (uit pool)` : row.klusser;
  if (row.assignment_type === 'pool') return 'In pool';
  return 'Niet toegewezen';
}

/**
 * The price in a narrow column: the amount (excl. btw), and under it what it is: the fixed price
 * of the accepted quote (D26, never an hourly estimate then), or how the estimate is made up.
 */
export function Prijs({ klus }: { klus: Prijsgegevens }) {
  const v = klus.vaste_prijs;
  if (v) {
    return (
      <>
        {euro(v.excl_cents)}
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          vaste prijs, offerte versie {v.versie}
        </Typography>
      </>
    );
  }
  return (
    <>
      {euroHeel(Math.round((klus.geschat_tarief_cents / 100) * klus.geschatte_duur))}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {HOURS.format(klus.geschatte_duur)} u × {euroHeel(klus.geschat_tarief_cents / 100)}
      </Typography>
    </>
  );
}
