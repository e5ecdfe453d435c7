/**
 * The product's calendar on the front ends (the server's twin is tenants/calendar in Go): a
 * business date — today, this week, this year — is a date in Europe/Amsterdam, whatever zone the
 * phone or browser is set to. A klusser on holiday abroad or a relative in another time zone sees
 * the same "today" as the server that checks it. Both apps import this file as
 * @klusmaat/shared-ui/calendar, so they have one definition.
 *
 * Calendar days elsewhere in the apps are plain local Date objects at midnight whose
 * year-month-day is the day itself; this module is where an instant becomes such a day.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';

/** The zone of every business date. */
export const ZONE = 'Europe/Amsterdam';

/** The instant as a date-time on the Dutch wall clock. */
export function inNL(instant: Date | number | string): TZDate {
  return new TZDate(typeof instant === 'string' ? Date.parse(instant) : Number(instant), ZONE);
}

/** Today's Dutch date, as a calendar day (local midnight of that year-month-day). */
export function todayNL(now: Date | number = Date.now()): Date {
  const t = inNL(now);
  return new Date(t.getFullYear(), t.getMonth(), t.getDate());
}

/** The current Dutch calendar year (copyright line, invoice year). */
export function currentYearNL(now: Date | number = Date.now()): number {
  return inNL(now).getFullYear();
}

/**
 * Formats an instant (a timestamp from the API) on the Dutch wall clock with a date-fns pattern in
 * Dutch: formatNL('2026-11-23T08:30:00Z', 'EEEE d MMMM yyyy HH:mm') is 'maandag 23 november 2026 09:30'.
 */
export function formatNL(instant: Date | number | string, pattern: string): string {
  return format(inNL(instant), pattern, { locale: nl });
}
