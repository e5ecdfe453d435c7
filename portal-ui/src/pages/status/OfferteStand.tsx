import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import type { Offerte } from './statusApi';

/** The Dutch calendar day of an instant as "24 december 2026"; '' when it is not one. */
function dayOf(instant: string): string {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? '' : format(todayNL(ms), 'd MMMM yyyy', { locale: nl });
}

/**
 * What follows an accepted quote, by where the job stands: still to be planned, planned (the
 * appointment and the klusser are shown above), under way, or done.
 */
const NA_AKKOORD: Readonly<Record<string, string>> = {
  open: 'Wij plannen de klus en laten u weten wie er komt.',
  ingepland: 'De klus is ingepland. Hierboven ziet u wie er komt.',
  bezig: 'Uw klusser is nu met de klus bezig.',
  afgerond: 'De klus is afgerond.',
};

/** What comes after the quote when the customer cannot answer (now); klus is the job's status. */
export function OfferteStand({ o, klus, telefoon }: { o: Offerte; klus: string; telefoon: string }) {
  const phone = telefoon.replace(/[^\d+]/g, '');
  if (o.in_bewerking) return <p className="status-offerte-stand">Wij passen de offerte aan. U krijgt de nieuwe offerte per e-mail.</p>;
  switch (o.status) {
    case 'akkoord': {
      const day = o.beslist_op === null ? '' : dayOf(o.beslist_op);
      return (
        <p className="status-offerte-stand">
          U bent akkoord gegaan{day === '' ? '' : ` op ${day}`}. {NA_AKKOORD[klus] ?? NA_AKKOORD.open}
        </p>
      );
    }
    case 'niet_akkoord':
      return <p className="status-offerte-stand">U heeft aangegeven niet akkoord te gaan. Wij nemen contact met u op.</p>;
    case 'verlopen':
      return phone === '' ? (
        <p className="status-offerte-stand">Deze offerte is verlopen. Neem contact met ons op voor een nieuwe offerte.</p>
      ) : (
        <p className="status-offerte-stand">
          Deze offerte is verlopen. Bel ons op <a href={`tel:${phone}`}>{telefoon}</a> voor een nieuwe offerte.
        </p>
      );
    default:
      return null;
  }
}
