/**
 * The product's calendar for Node scripts and browser tests, which cannot import the TypeScript
 * module src/calendar.ts: a business date is a date in Europe/Amsterdam, whatever this machine's
 * zone, built the same way (a TZDate in that zone; date-fns counts the days in it).
 * src/calendar.node.test.ts holds it to todayNL.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

export const ZONE = 'Europe/Amsterdam';

/** The Dutch date `days` days after today (0: today), as YYYY-MM-DD. */
export function dutchDate(days = 0, now = Date.now()) {
  return format(addDays(new TZDate(Number(now), ZONE), days), 'yyyy-MM-dd');
}
