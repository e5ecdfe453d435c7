/**
 * The days a customer (request wizard) or a klusser (plan screen) may pick, as the forms and the
 * API write them: "yyyy-MM-dd". A parsed day is a local Date at midnight whose year-month-day is
 * the day itself; @klusmaat/shared-ui/calendar's todayNL gives today in the same form, from Amsterdam's calendar.
 */
import { addYears, isValid, isWithinInterval, parseISO, startOfDay } from 'date-fns';

/**
 * "yyyy-MM-dd" as a calendar day; null for anything else (also for 2025-02-30). The pattern comes
 * first because parseISO alone also takes "2025-02", "20250228" and date-times.
 */
export function parseIsoDate(s: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const day = parseISO(s);
  return isValid(day) ? day : null;
}

/** The latest day the server accepts: one year from today. */
export function latestDay(today: Date): Date {
  return addYears(startOfDay(today), 1);
}

/** A day can be picked when it is not before today (spec section 5) and at most a year ahead. */
export function isSelectable(d: Date, today: Date): boolean {
  return isWithinInterval(startOfDay(d), { start: startOfDay(today), end: latestDay(today) });
}
