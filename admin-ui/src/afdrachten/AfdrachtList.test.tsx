import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';
import { UITGEVERS } from '../uitbetalingen/testFixtures';
import type { Afdracht } from './actions';

const ID = '00000000-0000-4000-8000-0000000000a1';
const FACTUUR = '00000000-0000-4000-8000-0000000000f1';

const afdracht: Afdracht = {
  id: ID,
  uitgever: 'den-haag',
  uitgever_naam: 'Klusmaat Den Haag B.V.',
  regio: 'den-haag',
  maand: '2026-10-01',
  omzet_cents: 1234500,
  percentage: '7.50',
  bedrag_cents: 92588,
  facturen: ['DH2026-0011', 'DH2026-0012', 'DH2026-0013'],
  factuur_id: FACTUUR,
  factuurnummer: '2026-0046',
  factuur_staat: 'open',
  open_cents: 112031,
  totaal_cents: 112031,
  pdf: `/api/v1/facturen/${FACTUUR}/pdf`,
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Afdrachten (D32)', () => {
  it("shows a franchise owner its fee per month: revenue, percentage, fee, the invoice with its state and PDF, and the month's invoices", async () => {
    const mock = startConsole(
      '/franchise/afdrachten',
      {
        ...UITGEVERS,
        'GET /api/v1/afdrachten': { body: { data: [afdracht], total: 1 } },
        [`GET /api/v1/afdrachten/${ID}`]: { body: { data: afdracht } },
      },
      'franchise',
    );
    const row = (await screen.findByText('oktober 2026')).closest('tr') as HTMLElement;
    const cellen = within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cellen.slice(0, 5)).toEqual(['oktober 2026', 'Klusmaat Den Haag B.V.', '€ 12.345,00', '7,5%', '€ 925,88']);
    expect(cellen[5]).toContain('2026-0046');
    expect(within(row).getByText('Openstaand')).toBeTruthy();
    expect(cellen[6]).toBe('3 facturen');
    expect(within(row).getByRole('link', { name: 'PDF van factuur 2026-0046' }).getAttribute('href')).toBe(`/api/v1/facturen/${FACTUUR}/pdf`);
    expect(mock.callsTo('/api/v1/afdrachten', 'GET')[0]?.query.get('sort')).toBe('maand');

    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: Afdracht oktober 2026, Klusmaat Den Haag B.V.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afdracht oktober 2026, Klusmaat Den Haag B.V.' });
    const lijst = await within(dialog).findByTestId('afdracht-facturen');
    expect(within(lijst).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['DH2026-0011', 'DH2026-0012', 'DH2026-0013']);
    expect(within(dialog).getByText('Facturen van de maand (3)')).toBeTruthy();
    // The invoice incl. 21% VAT, nothing paid yet.
    expect(within(dialog).getAllByText(/€\s1.120,31/, { selector: 'dd' })).toHaveLength(2);
    expect(within(dialog).getByRole('link', { name: /PDF van factuur 2026-0046/ }).getAttribute('href')).toBe(`/api/v1/facturen/${FACTUUR}/pdf`);
  });

  it('tells a franchise owner whose region has no business of its own that it pays no fee', async () => {
    startConsole('/franchise/afdrachten', { ...UITGEVERS, 'GET /api/v1/afdrachten': { body: { data: [], total: 0 } } }, 'franchise', ['utrecht']);
    expect(await screen.findByText(/Uw regio heeft geen eigen bedrijf en draagt daarom niets af/)).toBeTruthy();
    expect(await screen.findByText('Nog geen afdrachten.')).toBeTruthy();
  });
});
