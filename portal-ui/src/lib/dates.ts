/**
 * Calendar helpers for the request wizard (spec section 9: Dutch locale, weeks start on Monday).
 * All dates are local calendar days at midnight; ISO strings are "yyyy-MM-dd".
 */

export const LOCALE = 'nl-NL';

/** Column headers of the calendar, Monday first: [short, full]. */
export const WEEKDAYS: readonly (readonly [string, string])[] = [
  ['ma', 'maandag'],
  ['di', 'dinsdag'],
  ['wo', 'woensdag'],
  ['do', 'donderdag'],
  ['vr', 'vrijdag'],
  ['za', 'zaterdag'],
  ['zo', 'zondag'],
];

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

/** Adds months, keeping the day where possible (31 January + 1 month = 28/29 February). */
export function addMonths(d: Date, n: number): Date {
  const first = new Date(d.getFullYear(), d.getMonth() + n, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(d.getDate(), last));
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 0 for Monday ... 6 for Sunday. */
export function mondayIndex(d: Date): number {
  return (d.getDay() + 6) % 7;
}

export function startOfWeek(d: Date): Date {
  return addDays(d, -mondayIndex(d));
}

export function endOfWeek(d: Date): Date {
  return addDays(d, 6 - mondayIndex(d));
}

export function toIsoDate(d: Date): string {
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** Parses "yyyy-MM-dd" to a local date; null for anything else (also for 2025-02-30). */
export function parseIsoDate(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** The latest day the server accepts: one year from today. */
export function latestDay(today: Date): Date {
  return addMonths(startOfDay(today), 12);
}

/** A day can be picked when it is not before today (spec section 5) and at most a year ahead. */
export function isSelectable(d: Date, today: Date): boolean {
  const day = startOfDay(d);
  return day >= startOfDay(today) && day <= latestDay(today);
}

export function clampDay(d: Date, min: Date, max: Date): Date {
  if (d < min) return min;
  if (d > max) return max;
  return d;
}

/**
 * The weeks of a month, Monday first. Days of the neighbouring months are null, so every row
 * has 7 cells and the first row starts on the Monday of the week of the 1st.
 */
export function monthWeeks(year: number, month: number): (Date | null)[][] {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const cells: (Date | null)[] = Array.from({ length: mondayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(new Date(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const longDate = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric' });

/** "maandag 1 december 2025" */
export function formatLongDate(d: Date): string {
  return longDate.format(d);
}

/** "december 2025" */
export function formatMonthYear(d: Date): string {
  return monthYear.format(d);
}
