import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { euro } from '../klussen/format';
import { startConsole } from '../test/startConsole';
import type { GrafiekenData } from './Grafieken';

const GRAFIEKEN: GrafiekenData = {
  van: '2026-11-01',
  tot: '2026-11-23',
  regio: 'den-haag',
  klussen_per_week: [
    { week: '2026-10-26', van: '2026-11-01', tot: '2026-11-01', open: 1, ingepland: 0, bezig: 0, afgerond: 2 },
    { week: '2026-11-02', van: '2026-11-02', tot: '2026-11-08', open: 2, ingepland: 1, bezig: 1, afgerond: 4 },
    { week: '2026-11-09', van: '2026-11-09', tot: '2026-11-15', open: 0, ingepland: 3, bezig: 0, afgerond: 5 },
    { week: '2026-11-16', van: '2026-11-16', tot: '2026-11-22', open: 4, ingepland: 0, bezig: 2, afgerond: 6 },
    { week: '2026-11-23', van: '2026-11-23', tot: '2026-11-23', open: 3, ingepland: 2, bezig: 1, afgerond: 7 },
  ],
  omzet_per_maand: [{ maand: '2026-11', omzet_cents: 123456, btw_cents: 25926, facturen: 3 }],
  uren_per_maand: [{ maand: '2026-11', uren: 42, werkbonnen: 9 }],
  beoordeling_per_maand: [
    { maand: '2026-10', gemiddelde: null, beoordeeld: 0 },
    { maand: '2026-11', gemiddelde: 4.25, beoordeeld: 8 },
  ],
  terugbellen_per_week: [
    { week: '2026-11-16', van: '2026-11-16', tot: '2026-11-22', aanvragen: 10, te_laat: 1 },
    { week: '2026-11-23', van: '2026-11-23', tot: '2026-11-23', aanvragen: 6, te_laat: 1 },
  ],
};

const HEADINGS = [
  'Klussen per week per status',
  'Omzet en btw per maand',
  'Gewerkte uren per maand',
  'Gemiddelde beoordeling per maand',
  'Aanvragen niet binnen 24 uur teruggebeld',
];

/** The files the page offers: their names and their text (without the BOM for spreadsheets). */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const text = async (i: number) => (await (blobs[i] as Blob).text()).replace(/^\ufeff/, '');
  return { blobs, names, text };
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Rapportages: charts (D29)', () => {
  it('asks for the charts of the chosen period and region and shows five, each with its figures as a table and a CSV file', async () => {
    const files = captureDownloads();
    const mock = startConsole('/admin/rapportages', { 'GET /api/v1/rapportages/grafieken': { body: { data: GRAFIEKEN } } });
    fireEvent.change(await screen.findByLabelText('Startdatum'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Einddatum'), { target: { value: '2026-11-23' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Regio' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Den Haag' }));

    await waitFor(() => {
      const q = mock.callsTo('/api/v1/rapportages/grafieken').at(-1)?.query;
      expect([q?.get('van'), q?.get('tot'), q?.get('regio')]).toEqual(['2026-11-01', '2026-11-23', 'den-haag']);
    });
    for (const name of HEADINGS) expect(await screen.findByRole('heading', { name, level: 3 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Grafieken', level: 2 })).toBeTruthy();

    // Jobs per week: the caption sums it up, the drawing points to the table, the table has the numbers.
    const klussen = screen.getByRole('region', { name: 'Klussen per week per status' });
    // The period cuts its first and last week: the sentence says which days of them were counted.
    expect(klussen.textContent).toContain(
      '44 klussen met een datum in deze periode, naar hun status nu: 10 open, 6 ingepland, 4 bezig en 24 afgerond. ' +
        'Week 44 en week 48 liggen deels in de periode: alleen 01-11-2026 en 23-11-2026 zijn geteld.',
    );
    expect(within(klussen).getByRole('img').getAttribute('aria-label')).toContain('Toon cijfers');
    expect(within(klussen).queryByRole('table')).toBeNull();
    const toon = within(klussen).getByRole('button', { name: /^Toon cijfers/ });
    expect(toon.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toon);
    expect(toon.getAttribute('aria-expanded')).toBe('true');
    const tabel = within(klussen).getByRole('table', { name: /Klussen per week per status van 01-11-2026 tot en met 23-11-2026, regio Den Haag/ });
    expect(within(tabel).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Week', 'Getelde dagen', 'Open', 'Ingepland', 'Bezig', 'Afgerond', 'Totaal']);
    const wk48 = within(tabel).getByRole('row', { name: /week 48/ });
    expect(within(wk48).getByRole('rowheader').textContent).toBe('week 48 (deel)');
    expect(within(wk48).getAllByRole('cell').map((c) => c.textContent)).toEqual(['23-11-2026', '3', '2', '1', '7', '13']);

    fireEvent.click(within(klussen).getByRole('button', { name: /^Download CSV/ }));
    await waitFor(() => expect(files.blobs).toHaveLength(1));
    expect(files.names[0]).toBe('klussen-per-week-den-haag-2026-11-01-2026-11-23.csv');
    expect(files.blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await files.text(0)).toBe(
      [
        'Week;Getelde dagen;Open;Ingepland;Bezig;Afgerond;Totaal',
        'week 44 (deel);01-11-2026;1;0;0;2;3',
        'week 45;02-11-2026 t/m 08-11-2026;2;1;1;4;8',
        'week 46;09-11-2026 t/m 15-11-2026;0;3;0;5;8',
        'week 47;16-11-2026 t/m 22-11-2026;4;0;2;6;12',
        'week 48 (deel);23-11-2026;3;2;1;7;13',
        '',
      ].join('\r\n'),
    );

    // Revenue: euros in the caption and the table, Dutch decimals without a sign in the file.
    const omzet = screen.getByRole('region', { name: 'Omzet en btw per maand' });
    expect(omzet.textContent).toContain(`${euro(123456)} omzet excl. btw en ${euro(25926)} btw, uit 3 facturen.`);
    fireEvent.click(within(omzet).getByRole('button', { name: /^Toon cijfers/ }));
    const nov = within(within(omzet).getByRole('table')).getByRole('row', { name: /november 2026/ });
    expect(within(nov).getAllByRole('cell').map((c) => c.textContent)).toEqual([euro(123456), euro(25926), '3']);
    expect(euro(123456)).toMatch(/^€\s1\.234,56$/);
    fireEvent.click(within(omzet).getByRole('button', { name: /^Download CSV/ }));
    await waitFor(() => expect(files.blobs).toHaveLength(2));
    expect(files.names[1]).toBe('omzet-per-maand-den-haag-2026-11-01-2026-11-23.csv');
    expect(await files.text(1)).toBe('Maand;Omzet excl. btw (euro);Btw (euro);Facturen\r\nnovember 2026;1234,56;259,26;3\r\n');

    // A month without ratings is no zero: the table says so and the file leaves it empty.
    const beoordeling = screen.getByRole('region', { name: 'Gemiddelde beoordeling per maand' });
    expect(beoordeling.textContent).toContain('Gemiddeld 4,3 van 5, uit 8 beoordelingen. Eén maand heeft geen beoordelingen');
    fireEvent.click(within(beoordeling).getByRole('button', { name: /^Toon cijfers/ }));
    const okt = within(within(beoordeling).getByRole('table')).getByRole('row', { name: /oktober 2026/ });
    expect(within(okt).getAllByRole('cell').map((c) => c.textContent)).toEqual(['geen beoordelingen', '0']);
    fireEvent.click(within(beoordeling).getByRole('button', { name: /^Download CSV/ }));
    await waitFor(() => expect(files.blobs).toHaveLength(3));
    expect(await files.text(2)).toBe('Maand;Gemiddelde (1 tot 5);Beoordelingen\r\noktober 2026;;0\r\nnovember 2026;4,25;8\r\n');

    const terugbellen = screen.getByRole('region', { name: 'Aanvragen niet binnen 24 uur teruggebeld' });
    expect(terugbellen.textContent).toContain(
      'Van de 16 aanvragen via de website zijn er 2 (13%) niet binnen 24 uur teruggebeld. Week 48 ligt deels in de periode: alleen 23-11-2026 is geteld.',
    );
    const uren = screen.getByRole('region', { name: 'Gewerkte uren per maand' });
    expect(uren.textContent).toContain('42 uur gewerkt op 9 afgeronde werkbonnen.');
  });

  it('shows the messages of a period the server refuses, under the field and with the charts', async () => {
    startConsole('/admin/rapportages', {
      'GET /api/v1/rapportages/grafieken': {
        status: 400,
        body: { error: { code: 'invalid_period', message: 'Controleer de gekozen periode en regio.', fields: { tot: 'De einddatum ligt voor de begindatum.' } } },
      },
    });
    const alert = await screen.findByText('Controleer de gekozen periode en regio.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('De einddatum ligt voor de begindatum.');
    const tot = screen.getByLabelText('Einddatum');
    await waitFor(() => expect(document.getElementById(tot.getAttribute('aria-describedby') ?? '')?.textContent).toBe('De einddatum ligt voor de begindatum.'));
    expect(screen.queryByRole('heading', { name: 'Klussen per week per status' })).toBeNull();
  });

  it('waits for a complete period before it asks', async () => {
    const mock = startConsole('/admin/rapportages', { 'GET /api/v1/rapportages/grafieken': { body: { data: GRAFIEKEN } } });
    await screen.findByRole('heading', { name: 'Klussen per week per status' });
    const asked = mock.callsTo('/api/v1/rapportages/grafieken').length;
    fireEvent.change(screen.getByLabelText('Startdatum'), { target: { value: '' } });
    expect(await screen.findByText('Kies een begin- en einddatum om de grafieken te zien.')).toBeTruthy();
    expect(mock.callsTo('/api/v1/rapportages/grafieken')).toHaveLength(asked);
  });
});
