/**
 * The month grid of the date picker (Calendar.tsx): Dutch weeks from Monday (spec section 9), the
 * cells of a month and where a key moves the focus. Days are local Dates at midnight (see
 * lib/pickableDays.ts).
 */
import { addDays, addMonths, eachDayOfInterval, endOfMonth, endOfWeek, isSameMonth, startOfDay, startOfWeek } from 'date-fns';
import { nl } from 'date-fns/locale/nl';

/** The Dutch locale's week: Monday first. */
const WEEK = { locale: nl };

/** Column headers of the calendar, Monday first: [short, full]. */
export const WEEKDAYS: readonly (readonly [string, string])[] = ([1, 2, 3, 4, 5, 6, 0] as const).map(
  (day) => [nl.localize.day(day, { width: 'short' }), nl.localize.day(day, { width: 'wide' })] as const,
);

/**
 * The weeks of a month, Monday first. Days of the neighbouring months are null, so every row
 * has 7 cells and the first row starts on the Monday of the week of the 1st.
 */
export function monthWeeks(year: number, month: number): (Date | null)[][] {
  const first = new Date(year, month, 1);
  const cells = eachDayOfInterval({ start: startOfWeek(first, WEEK), end: endOfWeek(endOfMonth(first), WEEK) }).map(
    (day) => (isSameMonth(day, first) ? day : null),
  );
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * The day a key moves the focus to (WAI-ARIA date picker grid): the arrow keys by day and week,
 * Home/End to the Monday/Sunday of the week, PageUp/PageDown by month, with Shift by year (31
 * January + 1 month = 28/29 February). null for any other key.
 */
export function dayForKey(key: string, day: Date, shiftKey: boolean): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day, WEEK);
    case 'End':
      return startOfDay(endOfWeek(day, WEEK));
    case 'PageUp':
      return addMonths(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shiftKey ? 12 : 1);
    default:
      return null;
  }
}
