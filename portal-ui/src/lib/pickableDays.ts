/**
 * The days a customer (request wizard) or a klusser (plan screen) may pick, as the forms and the
 * API write them: "yyyy-MM-dd". A parsed day is a local Date at midnight whose year-month-day is
 * the day itself; @klusmaat/shared-ui/calendar's todayNL gives today in the same form, from Amsterdam's calendar.
 */
import { format, isValid, isWithinInterval, parseISO, startOfDay } from 'date-fns';
import { nl } from 'date-fns/locale/nl';

/**
 * "yyyy-MM-dd" as a calendar day; null for anything else (also for 2025-02-30). The pattern comes
 * first because parseISO alone also takes "2025-02", "20250228" and date-times.
 */
export function parseIsoDate(s: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const day = parseISO(s);
  return isValid(day) ? day : null;
}

/**
 * The latest day the server accepts: one year from today, counted as the server counts it (Go's
 * AddDate): from 29 February that is 1 March. date-fns's addYears would stop at 28 February and
 * refuse a day the server takes; the Date constructor rolls over the same way Go does.
 */
export function latestDay(today: Date): Date {
  return new Date(today.getFullYear() + 1, today.getMonth(), today.getDate());
}

/** A day can be picked when it is not before today (spec section 5) and at most a year ahead. */
export function isSelectable(d: Date, today: Date): boolean {
  return isWithinInterval(startOfDay(d), { start: startOfDay(today), end: latestDay(today) });
}

/** A day in full, as every screen of the portal writes one: "dinsdag 24 november 2026". */
export function longDate(day: Date): string {
  return format(day, 'EEEE d MMMM yyyy', { locale: nl });
}
