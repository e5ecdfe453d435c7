// @vitest-environment node
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dayForKey, monthWeeks, WEEKDAYS } from './monthGrid';

const iso = (d: Date | null) => (d === null ? null : format(d, 'yyyy-MM-dd'));

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
    expect(days.every((d) => d.getHours() === 0)).toBe(true);
    // The last row ends on the Sunday after the 31st: no row of neighbouring days only.
    expect(mar.at(-1)?.some((d) => d !== null)).toBe(true);
  });

  it('finds the Monday and Sunday of a week', () => {
    const thursday = new Date(2025, 10, 27);
    expect(iso(dayForKey('Home', thursday, false))).toBe('2025-11-24');
    expect(iso(dayForKey('End', thursday, false))).toBe('2025-11-30');
    expect(dayForKey('End', thursday, false)?.getHours()).toBe(0);
    const sunday = new Date(2025, 10, 30);
    expect(iso(dayForKey('Home', sunday, false))).toBe('2025-11-24');
  });

  it('moves by day, week, month and year', () => {
    const day = new Date(2025, 10, 27);
    expect(iso(dayForKey('ArrowLeft', day, false))).toBe('2025-11-26');
    expect(iso(dayForKey('ArrowRight', day, false))).toBe('2025-11-28');
    expect(iso(dayForKey('ArrowUp', day, false))).toBe('2025-11-20');
    expect(iso(dayForKey('ArrowDown', day, false))).toBe('2025-12-04');
    expect(iso(dayForKey('PageUp', day, true))).toBe('2024-11-27');
    expect(dayForKey('a', day, false)).toBeNull();
  });

  it('adds months without running into the next one', () => {
    expect(iso(dayForKey('PageDown', new Date(2026, 0, 31), false))).toBe('2026-02-28');
    expect(iso(dayForKey('PageUp', new Date(2026, 0, 15), false))).toBe('2025-12-15');
  });
});
