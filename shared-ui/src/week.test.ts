// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addDays, dagKort, dagLang, isoWeek, maandTekst, weekTitel } from './week';

describe('the planning calendar', () => {
  it('names a week by its ISO number and days, in Dutch', () => {
    expect(weekTitel('2026-11-23')).toBe('Week 48: 23 – 29 november 2026');
    expect(weekTitel('2026-11-30')).toBe('Week 49: 30 november – 6 december 2026');
    expect(weekTitel('2026-12-28')).toBe('Week 53: 28 december 2026 – 3 januari 2027');
    expect(weekTitel('2024-12-30')).toBe('Week 1: 30 december 2024 – 5 januari 2025');
  });

  it('counts ISO weeks from the Thursday', () => {
    expect(isoWeek('2026-01-05')).toBe(2);
    expect(isoWeek('2025-12-29')).toBe(1);
    expect(isoWeek('2021-01-04')).toBe(1);
    expect(isoWeek('2020-12-28')).toBe(53);
  });

  it('adds days across months, years and the clock change', () => {
    expect(addDays('2026-11-23', 7)).toBe('2026-11-30');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2026-10-19', 7)).toBe('2026-10-26');
  });

  it('writes day headers and spoken days', () => {
    expect(dagKort('2026-11-23')).toBe('ma 23 nov');
    expect(dagKort('2027-01-04', 2026)).toBe('ma 4 jan 2027');
    expect(dagLang('2026-11-25')).toBe('woensdag 25 november');
  });
});

describe('maandTekst', () => {
  it("says a month in words, as the API writes it for a klusser's statement and for a fee statement", () => {
    expect(maandTekst('2026-10')).toBe('oktober 2026');
    expect(maandTekst('2027-01')).toBe('januari 2027');
    expect(maandTekst('2026-01-01')).toBe('januari 2026');
    expect(maandTekst(' 2026-12 ')).toBe('december 2026');
  });

  it('shows anything else as it came', () => {
    expect(maandTekst('2026-13')).toBe('2026-13');
    expect(maandTekst('2026-00')).toBe('2026-00');
    expect(maandTekst('oktober')).toBe('oktober');
  });
});
