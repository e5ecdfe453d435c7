// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bedrag, commaQuotedCsv, ddMMyyyy, semicolonCsv } from './csv';

describe('customer CSV exports', () => {
  it('writes the history with semicolons, quoting only what needs it', () => {
    expect(semicolonCsv(['Datum', 'Omschrijving'], [[ddMMyyyy('2026-11-26'), 'Lamp; "snoer"\nvervangen']])).toBe(
      'Datum;Omschrijving\r\n26-11-2026;"Lamp; ""snoer""\nvervangen"\r\n',
    );
  });
  it('writes invoices comma-separated with every field quoted', () => {
    expect(commaQuotedCsv(['Factuur', 'Totaal'], [['2026-0007', bedrag(16940)]])).toBe('"Factuur","Totaal"\r\n"2026-0007","169,40"\r\n');
  });
  it('defuses what a spreadsheet would run, in both formats, and leaves numbers alone', () => {
    const row = ['=HYPERLINK("x")', '+31 6 1234', '@SUM(A1)', '-12,50', 'Jansen'];
    expect(semicolonCsv(['a', 'b', 'c', 'd', 'e'], [row])).toBe('a;b;c;d;e\r\n"\'=HYPERLINK(""x"")";\'+31 6 1234;\'@SUM(A1);-12,50;Jansen\r\n');
    expect(commaQuotedCsv(['a'], [['=HYPERLINK("x")']])).toBe('"a"\r\n"\'=HYPERLINK(""x"")"\r\n');
  });
  it('leaves a value that is not a date alone', () => {
    expect(ddMMyyyy('morgen')).toBe('morgen');
  });
});
