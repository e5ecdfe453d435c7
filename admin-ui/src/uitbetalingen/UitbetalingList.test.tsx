import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { startConsole } from '../test/startConsole';
import { maandKeuzes } from './format';
import { detail, ID, rij, UITGEVERS } from './testFixtures';

const goedgekeurd = detail({
  status: 'goedgekeurd',
  status_tekst: 'Goedgekeurd',
  iban_gemaskeerd: 'NL91 **** **** **** 4300',
  rekeninghouder: 'P. Bakker',
  goedgekeurd_at: '2026-11-27T09:00:00Z',
});

function start(extra: Record<string, unknown> = {}, role = 'admin') {
  return startConsole(
    role === 'admin' ? '/admin/uitbetalingen' : '/franchise/uitbetalingen',
    {
      ...UITGEVERS,
      'GET /api/v1/uitbetalingen': {
        body: {
          data: [
            rij(),
            rij({ id: 'u2', nummer: 'UB202610-0002', klusser_naam: 'Gerrit Visser', iban_ontbreekt: true }),
            rij({ id: 'u3', nummer: 'UB202609-0001', klusser_naam: 'Jan de Groot', maand: '2026-09', status: 'uitbetaald', status_tekst: 'Uitbetaald op 29-10-2026' }),
          ],
          total: 3,
        },
      },
      [`GET /api/v1/uitbetalingen/${ID}`]: { body: { data: detail() } },
      ...extra,
    },
    role,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('maandKeuzes', () => {
  it('offers this month and the ones before it, in words', () => {
    expect(maandKeuzes({ year: 2026, month: 2 }, 3)).toEqual([
      { id: '2026-02', name: 'februari 2026' },
      { id: '2026-01', name: 'januari 2026' },
      { id: '2025-12', name: 'december 2025' },
    ]);
  });
});

describe('Uitbetalingen (D31)', () => {
  it("lists the statements with the month in words, the state and 'IBAN ontbreekt', newest month first", async () => {
    const mock = start();
    const row = (await screen.findByText('Piet Bakker')).closest('tr') as HTMLElement;
    expect(within(row).getByText('oktober 2026')).toBeTruthy();
    expect(within(row).getByText('Klusmaat Den Haag B.V.')).toBeTruthy();
    expect(within(row).getByText(/€\s245,00/)).toBeTruthy();
    expect(within(row).getByText('Concept')).toBeTruthy();
    expect(within(row).queryByText('IBAN ontbreekt')).toBeNull();
    const gerrit = screen.getByText('Gerrit Visser').closest('tr') as HTMLElement;
    expect(within(gerrit).getByText('IBAN ontbreekt')).toBeTruthy();
    const jan = screen.getByText('Jan de Groot').closest('tr') as HTMLElement;
    expect(within(jan).getByText('Uitbetaald')).toBeTruthy();
    expect(within(jan).getByText('op 29-10-2026')).toBeTruthy();
    expect(within(jan).getByRole('button', { name: 'Bekijken: uitbetaling UB202609-0001 van Jan de Groot' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'PDF van uitbetaling UB202610-0001' }).getAttribute('href')).toBe(`/api/v1/uitbetalingen/${ID}/pdf`);
    const [call] = mock.callsTo('/api/v1/uitbetalingen', 'GET');
    expect(call?.query.get('sort')).toBe('maand');
    expect(call?.query.get('order')).toBe('desc');
  });

  it('filters by state and by month, as the API names them', async () => {
    const mock = start();
    await screen.findByText('Piet Bakker');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Staat' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Goedgekeurd' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/uitbetalingen', 'GET').at(-1)?.query.get('status')).toBe('goedgekeurd'));
    // The months in words, this month (Amsterdam) first; the API gets JJJJ-MM.
    const vandaag = todayNL();
    const [, vorige] = maandKeuzes({ year: vandaag.getFullYear(), month: vandaag.getMonth() + 1 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Maand' }));
    fireEvent.click(await screen.findByRole('option', { name: vorige?.name ?? '' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/uitbetalingen', 'GET').at(-1)?.query.get('maand')).toBe(vorige?.id));
    expect(mock.callsTo('/api/v1/uitbetalingen', 'GET').at(-1)?.query.get('status')).toBe('goedgekeurd');
  });

  it('shows the lines at € 35,00 an hour and the total, and approves only after asking: the route is called and the new state shown', async () => {
    const GOEDKEUREN = `/api/v1/uitbetalingen/${ID}/goedkeuren`;
    const mock = start({
      [`GET /api/v1/uitbetalingen/${ID}`]: [{ body: { data: detail() } }, { body: { data: goedgekeurd } }],
      [`POST ${GOEDKEUREN}`]: { body: { data: goedgekeurd, message: 'Uitbetaling goedgekeurd' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bekijken en goedkeuren: uitbetaling UB202610-0001 van Piet Bakker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitbetaling UB202610-0001' });
    const regels = await within(dialog).findByRole('table', { name: /Gewerkte uren/ });
    const [kop, eerste] = within(regels).getAllByRole('row');
    expect(within(kop as HTMLElement).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Datum', 'Klus', 'Woonplaats', 'Uren', 'Tarief', 'Bedrag']);
    expect(within(eerste as HTMLElement).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '))).toEqual([
      '06-10-2026',
      'DH2026-0011',
      'Voorburg',
      '3 uur',
      '€ 35,00/u',
      '€ 105,00',
    ]);
    expect(within(regels).getByRole('rowheader', { name: 'Totaal' }).nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe('€ 245,00');
    expect(within(dialog).getByRole('link', { name: /PDF van de uitbetaling/ }).getAttribute('href')).toBe(`/api/v1/uitbetalingen/${ID}/pdf`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    const vraag = await screen.findByRole('dialog', { name: 'Uitbetaling goedkeuren?' });
    expect(within(vraag).getByText(/€\s245,00 aan Piet Bakker voor oktober 2026/)).toBeTruthy();
    expect(mock.callsTo(GOEDKEUREN, 'POST')).toHaveLength(0);
    fireEvent.click(within(vraag).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(mock.callsTo(GOEDKEUREN, 'POST')).toHaveLength(1));
    expect(await screen.findByText('Uitbetaling goedgekeurd')).toBeTruthy();
    const staat = await within(dialog).findByRole('region', { name: /Staat\s+Goedgekeurd/ });
    await waitFor(() => expect(document.activeElement).toBe(staat));
    expect(within(dialog).getByText('NL91 **** **** **** 4300, ten name van P. Bakker')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
  });

  it('asks first, and Annuleren approves nothing', async () => {
    const mock = start();
    fireEvent.click(await screen.findByRole('button', { name: /^Bekijken en goedkeuren: uitbetaling UB202610-0001/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitbetaling UB202610-0001' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Goedkeuren' }));
    const vraag = await screen.findByRole('dialog', { name: 'Uitbetaling goedkeuren?' });
    fireEvent.click(within(vraag).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Uitbetaling goedkeuren?' })).toBeNull());
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('warns before approving a statement whose klusser has no bank account yet', async () => {
    start({ [`GET /api/v1/uitbetalingen/${ID}`]: { body: { data: detail({ iban_ontbreekt: true }) } } });
    fireEvent.click(await screen.findByRole('button', { name: /^Bekijken en goedkeuren: uitbetaling UB202610-0001/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitbetaling UB202610-0001' });
    expect(await within(dialog).findByText(/IBAN ontbreekt: de klusser heeft nog geen bankrekening opgegeven/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    const vraag = await screen.findByRole('dialog', { name: 'Uitbetaling goedkeuren?' });
    expect(within(vraag).getByText(/gaat deze uitbetaling niet mee in een betaalbestand/)).toBeTruthy();
  });

  it("tells a franchise owner whose region has no business of its own who pays its klussers", async () => {
    startConsole(
      '/franchise/uitbetalingen',
      { ...UITGEVERS, 'GET /api/v1/uitbetalingen': { body: { data: [], total: 0 } } },
      'franchise',
      ['utrecht'],
    );
    expect(await screen.findByText(/Uw regio heeft geen eigen bedrijf/)).toBeTruthy();
    expect(await screen.findByText('Nog geen uitbetalingen.')).toBeTruthy();
  });
});
