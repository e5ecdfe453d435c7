import { Typography } from '@mui/material';
/** Display helpers of the jobs screens: money in cents (D7), hours with a Dutch comma. */
const EURO = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const EURO_WHOLE = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const HOURS = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

export const euro = (cents: number) => EURO.format(cents / 100);

/** The estimate of a job: rate × duration in whole euros (section 9), with how it is made up. */
export function schatting(tariefCents: number, duur: number): string {
  return `${EURO_WHOLE.format(Math.round((tariefCents / 100) * duur))} (${HOURS.format(duur)} u × ${EURO_WHOLE.format(tariefCents / 100)})`;
}

/** The assignment column: who does it, or where it waits. */
export function toewijzing(row: { klusser?: string | null; assignment_type?: string | null }): string {
  if (row.klusser != null && row.klusser !== '') return row.assignment_type === 'pool' ? `${row.klusser} (uit pool)` : row.klusser;
  if (row.assignment_type === 'pool') return 'In pool';
  return 'Niet toegewezen';
}

/** The estimate in a narrow column: the amount, and under it how it is made up. */
export function Schatting({ tariefCents, duur }: { tariefCents: number; duur: number }) {
  return (
    <>
      {EURO_WHOLE.format(Math.round((tariefCents / 100) * duur))}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {HOURS.format(duur)} u × {EURO_WHOLE.format(tariefCents / 100)}
      </Typography>
    </>
  );
}
