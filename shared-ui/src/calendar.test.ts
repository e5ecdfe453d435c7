// @vitest-environment node
import { format, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { currentYearNL, formatNL, todayNL } from './calendar';

const toIsoDate = (d: Date) => format(d, 'yyyy-MM-dd');

// make test runs Vitest in a zone whose date differs from Amsterdam's (Kiritimati or Pago Pago), so
// a hidden use of the machine's zone fails these.
describe('the Dutch calendar', () => {
  it('takes today from Amsterdam, not from the machine zone', () => {
    expect(toIsoDate(todayNL(Date.parse('2026-11-22T23:50:00Z')))).toBe('2026-11-23');
    expect(toIsoDate(todayNL(Date.parse('2026-11-22T22:50:00Z')))).toBe('2026-11-22');
    // Summer time: 22:30 UTC is 00:30 the next day.
    expect(toIsoDate(todayNL(Date.parse('2026-07-14T22:30:00Z')))).toBe('2026-07-15');
    expect(toIsoDate(todayNL(Date.parse('2026-07-14T21:59:00Z')))).toBe('2026-07-14');
  });

  it('turns the year at Amsterdam midnight on 31 December (invoice year)', () => {
    expect(currentYearNL(Date.parse('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(currentYearNL(Date.parse('2026-12-31T22:59:59Z'))).toBe(2026);
  });

  it('keeps the nights of the change to and from summer time on their own date', () => {
    // 29 March 2026 02:00 -> 03:00; 25 October 2026 03:00 -> 02:00.
    expect(toIsoDate(todayNL(Date.parse('2026-03-29T21:59:00Z')))).toBe('2026-03-29');
    expect(toIsoDate(todayNL(Date.parse('2026-03-29T22:00:00Z')))).toBe('2026-03-30');
    expect(toIsoDate(todayNL(Date.parse('2026-10-25T22:59:00Z')))).toBe('2026-10-25');
    expect(toIsoDate(todayNL(Date.parse('2026-10-25T23:00:00Z')))).toBe('2026-10-26');
    expect(formatNL('2026-03-29T07:00:00Z', 'HH:mm')).toBe('09:00');
    expect(formatNL('2026-10-25T08:00:00Z', 'HH:mm')).toBe('09:00');
  });

  it('starts the week on Monday at Amsterdam midnight (Sunday night)', () => {
    const sunday = todayNL(Date.parse('2026-11-22T22:30:00Z')); // 23:30 on Sunday
    expect(sunday.getDay()).toBe(0);
    expect(toIsoDate(startOfWeek(sunday, { weekStartsOn: 1 }))).toBe('2026-11-16');
    const monday = todayNL(Date.parse('2026-11-22T23:00:00Z')); // 00:00 on Monday
    expect(monday.getDay()).toBe(1);
    expect(toIsoDate(startOfWeek(monday, { weekStartsOn: 1 }))).toBe('2026-11-23');
  });

  it('formats API timestamps in Dutch on the Dutch wall clock', () => {
    expect(formatNL('2026-11-23T08:30:00Z', 'EEEE d MMMM yyyy HH:mm')).toBe('maandag 23 november 2026 09:30');
  });
});
