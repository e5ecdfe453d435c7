// @vitest-environment node
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dutchDate } from '../e2e/calendar.mjs';
import { todayNL } from './calendar';

// The scripts' calendar is the apps' calendar: at the instants where a machine in another zone
// would be on another day, both give the Dutch date.
describe('dutchDate (Node scripts and browser tests)', () => {
  const instants = [
    '2026-11-27T23:30:00Z', // 00:30 on the 28th in Amsterdam, still the 27th in UTC
    '2026-11-27T22:59:59Z', // 23:59:59 on the 27th in Amsterdam
    '2026-03-29T00:30:00Z', // the night the clocks go forward
    '2026-12-31T23:15:00Z', // new year in Amsterdam, not yet in UTC
  ];
  it.each(instants)('is todayNL at %s', (iso) => {
    const now = Date.parse(iso);
    expect(dutchDate(0, now)).toBe(format(todayNL(now), 'yyyy-MM-dd'));
  });

  it('counts days on the Dutch calendar, across the change of clocks', () => {
    expect(dutchDate(7, Date.parse('2026-11-27T23:30:00Z'))).toBe('2026-12-05');
    expect(dutchDate(1, Date.parse('2026-03-28T23:30:00Z'))).toBe('2026-03-30');
  });
});
