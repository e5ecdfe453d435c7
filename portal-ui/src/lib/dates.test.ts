import { describe, expect, it } from 'vitest';
import {
  addMonths,
  endOfWeek,
  formatLongDate,
  formatMonthYear,
  isSelectable,
  latestDay,
  monthWeeks,
  parseIsoDate,
  startOfWeek,
  toIsoDate,
  WEEKDAYS,
} from './dates';

describe('Dutch calendar (weeks from Monday)', () => {
  it('names the columns Monday to Sunday', () => {
    expect(WEEKDAYS.map(([short]) => short)).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    expect(WEEKDAYS[0]?.[1]).toBe('maandag');
    expect(WEEKDAYS[6]?.[1]).toBe('zondag');
  });

  it('starts every week row on a Monday', () => {
    // December 2025 starts on a Monday, March 2026 on a Sunday, February 2026 on a Sunday.
    const dec = monthWeeks(2025, 11);
    expect(dec[0]?.[0]?.getDate()).toBe(1);
    const mar = monthWeeks(2026, 2);
    expect(mar[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(mar[0]?.[6]?.getDate()).toBe(1);
    for (const week of [...dec, ...mar]) {
      expect(week).toHaveLength(7);
      const firstDay = week.find((d) => d !== null);
      const index = week.indexOf(firstDay ?? null);
      expect((firstDay!.getDay() + 6) % 7).toBe(index);
    }
    const days = mar.flat().filter((d) => d !== null);
    expect(days).toHaveLength(31);
  });

  it('finds the Monday and Sunday of a week', () => {
    const thursday = new Date(2025, 10, 27);
    expect(toIsoDate(startOfWeek(thursday))).toBe('2025-11-24');
    expect(toIsoDate(endOfWeek(thursday))).toBe('2025-11-30');
    const sunday = new Date(2025, 10, 30);
    expect(toIsoDate(startOfWeek(sunday))).toBe('2025-11-24');
  });

  it('formats in Dutch', () => {
    expect(formatLongDate(new Date(2025, 11, 1))).toBe('maandag 1 december 2025');
    expect(formatMonthYear(new Date(2026, 2, 1))).toBe('maart 2026');
  });
});

describe('date rules', () => {
  const today = new Date(2025, 10, 21, 15, 30);

  it('refuses days before today and accepts today itself', () => {
    expect(isSelectable(new Date(2025, 10, 20), today)).toBe(false);
    expect(isSelectable(new Date(2025, 10, 20, 23, 59), today)).toBe(false);
    expect(isSelectable(new Date(2025, 10, 21), today)).toBe(true);
    expect(isSelectable(new Date(2025, 10, 22), today)).toBe(true);
  });

  it('accepts at most a year ahead, as the server does', () => {
    expect(toIsoDate(latestDay(today))).toBe('2026-11-21');
    expect(isSelectable(new Date(2026, 10, 21), today)).toBe(true);
    expect(isSelectable(new Date(2026, 10, 22), today)).toBe(false);
  });

  it('parses and prints yyyy-MM-dd, refusing impossible dates', () => {
    expect(toIsoDate(parseIsoDate('2026-02-28')!)).toBe('2026-02-28');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('28-02-2026')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });

  it('adds months without running into the next one', () => {
    expect(toIsoDate(addMonths(new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(toIsoDate(addMonths(new Date(2026, 0, 15), -1))).toBe('2025-12-15');
  });
});
