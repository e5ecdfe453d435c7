import { ZONE } from '@klusmaat/shared-ui/calendar';

/** A business date "2026-11-26" as users read it: "26-11-2026" (anything else unchanged). */
export function ddMMyyyy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

const MOMENT = new Intl.DateTimeFormat('nl-NL', { timeZone: ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A moment (RFC 3339) in Amsterdam time: "26 nov 2026, 10:00"; '—' for none. */
export function momentNl(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? '—' : MOMENT.format(t);
}
