// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvGetal, csvNaam, deelWekenZin, isoWeek, maandKort, periodeWeekKort, periodeWeekLang, procent, weekDagen, weekKort } from './format';
import { svgId, vulling } from './series';

describe('chart labels (D29)', () => {
  it('numbers weeks as ISO 8601 does, from the date alone', () => {
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(weekKort('2026-11-23')).toBe('wk 48');
    expect(isoWeek('2025-12-29')).toBe(1); // the Monday of 2026's first week lies in 2025
    expect(isoWeek('2026-12-28')).toBe(53); // 2026 has 53 weeks (it begins on a Thursday)
    expect(isoWeek('2027-01-04')).toBe(1);
    expect(isoWeek('2020-12-28')).toBe(53);
    expect(isoWeek('2021-01-03')).toBe(53); // a Sunday belongs to the week of its Monday
    expect(isoWeek('2026-03-30')).toBe(14); // the week summer time starts: no hour lost or gained
    expect(isoWeek('niet een datum')).toBe(0);
  });

  it('names months short on the axis (in full: maandTekst, shared-ui)', () => {
    expect(maandKort('2026-11')).toBe('nov 2026');
    expect(maandKort('2026-03')).toBe('mrt 2026');
  });

  it('writes numbers for a Dutch spreadsheet: a decimal comma, no thousands separator, empty for none', () => {
    expect(csvGetal(1234)).toBe('1234');
    expect(csvGetal(4.25, 2)).toBe('4,25');
    expect(csvGetal(4, 2)).toBe('4');
    expect(csvGetal(10.5, 2)).toBe('10,5');
    expect(csvGetal(null, 2)).toBe('');
    expect(procent(2, 16)).toBe('13%');
    expect(procent(0, 0)).toBe('0%');
  });

  it('labels a week the period cuts as a part, with the days it counts', () => {
    const heel = { week: '2026-11-16', van: '2026-11-16', tot: '2026-11-22' };
    const eerste = { week: '2026-10-26', van: '2026-11-01', tot: '2026-11-01' };
    const laatste = { week: '2026-11-23', van: '2026-11-23', tot: '2026-11-27' };
    expect([periodeWeekLang(heel), periodeWeekKort(heel), weekDagen(heel)]).toEqual(['week 47', 'wk 47', '16-11-2026 t/m 22-11-2026']);
    expect([periodeWeekLang(eerste), periodeWeekKort(eerste), weekDagen(eerste)]).toEqual(['week 44 (deel)', 'wk 44 (deel)', '01-11-2026']);
    expect(weekDagen(laatste)).toBe('23-11-2026 t/m 27-11-2026');
    expect(deelWekenZin([heel])).toBe('');
    expect(deelWekenZin([eerste, heel, laatste])).toBe(' Week 44 en week 48 liggen deels in de periode: alleen 01-11-2026 en 23-11-2026 t/m 27-11-2026 zijn geteld.');
    expect(deelWekenZin([{ week: '2026-11-23', van: '2026-11-25', tot: '2026-11-25' }])).toBe(' Week 48 ligt deels in de periode: alleen 25-11-2026 is geteld.');
  });

  it('names a file by the chart, the region and the period', () => {
    expect(csvNaam('klussen-per-week', '2026-10-01', '2026-11-24')).toBe('klussen-per-week-2026-10-01-2026-11-24.csv');
    expect(csvNaam('uren-per-maand', '2026-10-01', '2026-11-24', 'den-haag')).toBe('uren-per-maand-den-haag-2026-10-01-2026-11-24.csv');
  });

  it('fills patterned series through an id that CSS can reference', () => {
    expect(svgId('«r1»', 'te_laat')).toBe('r1-te_laat');
    expect(vulling('«r1»', { id: 'btw', label: 'Btw', kleur: '#a84300', patroon: 'schuin' })).toBe('url(#r1-btw)');
    expect(vulling('«r1»', { id: 'omzet', label: 'Omzet', kleur: '#1d4e89' })).toBe('#1d4e89');
  });
});
