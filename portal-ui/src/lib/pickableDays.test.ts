// @vitest-environment node
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isSelectable, latestDay, parseIsoDate } from './pickableDays';

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

describe('the days that can be picked', () => {
  const today = new Date(2025, 10, 21, 15, 30);

  it('refuses days before today and accepts today itself', () => {
    expect(isSelectable(new Date(2025, 10, 20), today)).toBe(false);
    expect(isSelectable(new Date(2025, 10, 20, 23, 59), today)).toBe(false);
    expect(isSelectable(new Date(2025, 10, 21), today)).toBe(true);
    expect(isSelectable(new Date(2025, 10, 22), today)).toBe(true);
  });

  it('accepts at most a year ahead, as the server does', () => {
    expect(iso(latestDay(today))).toBe('2026-11-21');
    expect(isSelectable(new Date(2026, 10, 21), today)).toBe(true);
    expect(isSelectable(new Date(2026, 10, 22), today)).toBe(false);
    // From a leap day the year ends on 1 March, as the server counts (calendar.Date.AddYears).
    expect(iso(latestDay(new Date(2028, 1, 29)))).toBe('2029-03-01');
  });

  it('parses and prints yyyy-MM-dd as a local day, refusing impossible dates and other forms', () => {
    const day = parseIsoDate('2026-02-28')!;
    expect(iso(day)).toBe('2026-02-28');
    expect([day.getHours(), day.getMinutes()]).toEqual([0, 0]);
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('28-02-2026')).toBeNull();
    expect(parseIsoDate('2026-2-28')).toBeNull();
    expect(parseIsoDate('20260228')).toBeNull();
    expect(parseIsoDate('2026-02-28T10:00')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });
});
