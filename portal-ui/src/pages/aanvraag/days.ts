/**
 * The wizard's own checks of a chosen day, without a date library: the first step's bundle carries
 * them (logic.ts checks step 3 on every move), while the calendar of step 3, which formats and
 * walks months with date-fns, loads beside the first step (laterSteps.ts). The same rules as
 * lib/pickableDays (days.test.ts compares them day by day): "yyyy-MM-dd" as a local calendar day,
 * from today up to and including the same day a year ahead, counted as the server counts it.
 */

/** A copy of `d` at midnight (local), also for years before 100. */
function startOfDay(d: Date): Date {
  const day = new Date(d.getTime());
  day.setHours(0, 0, 0, 0);
  return day;
}

/** "yyyy-MM-dd" as a calendar day at local midnight; null for anything else (also 2025-02-30). */
export function parseIsoDate(s: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(0);
  day.setFullYear(year, month, date);
  day.setHours(0, 0, 0, 0);
  return day.getFullYear() === year && day.getMonth() === month && day.getDate() === date ? day : null;
}

/** A day can be picked when it is not before today and at most a year ahead (Go's AddDate: 29 February + 1 year is 1 March). */
export function isSelectable(d: Date, today: Date): boolean {
  const start = startOfDay(today);
  const end = new Date(start.getTime());
  end.setFullYear(start.getFullYear() + 1, start.getMonth(), start.getDate());
  const t = startOfDay(d).getTime();
  return t >= start.getTime() && t <= end.getTime();
}
