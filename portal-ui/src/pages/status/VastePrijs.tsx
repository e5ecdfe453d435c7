import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { parseIsoDate } from '../../lib/pickableDays';
import { hours } from '../klusser/format';
import type { Offerte } from './statusApi';

/** "2026-12-24" -> "24 december 2026"; anything else is shown as it came. */
function dateOf(iso: string): string {
  const day = parseIsoDate(iso);
  return day === null ? iso : format(day, 'd MMMM yyyy', { locale: nl });
}

/**
 * The fixed price in words (D26, D33): a quote priced as hours × rate is a fixed price too, hours
 * included; more work than the quote names only with the customer's consent.
 */
function vastePrijs(o: Pick<Offerte, 'regels'>): string {
  const uren = o.regels.filter((r) => r.eenheid === 'uur').reduce((sum, r) => sum + r.aantal, 0);
  if (uren <= 0) return 'Deze prijs is een vaste prijs.';
  return (
    `Deze prijs is een vaste prijs: ook de ${hours(uren)} arbeid staat vast. Duurt de klus langer, dan betaalt u niet meer. ` +
    'Meer werk dan in deze offerte staat, doen wij alleen als u daar eerst mee akkoord gaat.'
  );
}

/** Under the quote's sums: that the price is fixed, and until when the quote stands while it is unanswered. */
export function VastePrijs({ o }: { o: Offerte }) {
  return (
    <p>
      {vastePrijs(o)}
      {o.status !== 'akkoord' && o.status !== 'niet_akkoord' && ` Geldig tot en met ${dateOf(o.geldig_tot)}.`}
    </p>
  );
}
