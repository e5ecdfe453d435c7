import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@shared-auth/toastStore';
import { startConsole } from '../test/startConsole';

const ROW = {
  id: 'f1',
  factuurnummer: '2026-0007',
  datum: '2026-11-20',
  klant_naam: 'Mevrouw Jansen',
  klant_email: '',
  omschrijving: 'Lamp ophangen',
  regio: 'den-haag',
  uren: 2,
  uurtarief_cents: 6500,
  materiaal_cents: 1250,
  subtotaal_cents: 14250,
  btw_bedrag_cents: 2993,
  totaal_bedrag_cents: 17243,
  betaal_methode: null,
  betaald: false,
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Facturen', () => {
  it('shows the totals for the filter, finds unpaid invoices, and says when there is no address to send to', async () => {
    const mock = startConsole('/admin/facturen', {
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1 } } },
      'POST /api/v1/facturen/f1/verzenden': { status: 409, body: { error: { code: 'no_email', message: 'Geen e-mailadres beschikbaar' } } },
    });
    const row = (await screen.findByText('2026-0007', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('€ 172,43')).toBeTruthy();
    expect(within(row).getByText('Openstaand')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'PDF van factuur 2026-0007' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    await waitFor(() => expect(text('facturen-Omzet (incl. btw)')).toBe('€ 172,43'));
    expect(text('facturen-Btw')).toBe('€ 29,93');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Betaling' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Openstaand (opvolgen)' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query.get('betaald')).toBe('nee'));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen/totalen').at(-1)?.query.get('betaald')).toBe('nee'));

    fireEvent.click(within(row).getByRole('button', { name: 'Verzenden: factuur 2026-0007' }));
    expect(await screen.findByText('Geen e-mailadres beschikbaar')).toBeTruthy();
  });

  it('exports the filtered invoices as CSV from the server, and says when there are none', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const mock = startConsole('/admin/facturen', {
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1 } } },
      'GET /api/v1/facturen/export.csv': [
        { body: '"Factuurnummer"\r\n"2026-0007"\r\n' },
        { status: 404, body: { error: { code: 'nothing_to_export', message: 'Geen facturen om te exporteren' } } },
      ],
    });
    await screen.findByText('2026-0007');
    fireEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect(await screen.findByText('Facturen geëxporteerd naar CSV')).toBeTruthy();
    expect(created).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Zoeken (factuurnummer, klant of omschrijving)'), { target: { value: 'niemand' } });
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query.get('q')).toBe('niemand'));
    fireEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect(await screen.findByText('Geen facturen om te exporteren')).toBeTruthy();
    expect(mock.calls.filter((c) => c.path === '/api/v1/facturen/export.csv').at(-1)?.query.get('q')).toBe('niemand');
  });

  it('sends an invoice with the Dutch confirmation', async () => {
    startConsole('/admin/facturen', {
      'GET /api/v1/facturen': { body: { data: [{ ...ROW, klant_email: 'jansen@example.nl', betaal_methode: 'pin', betaald: true }], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 0 } } },
      'POST /api/v1/facturen/f1/verzenden': { body: { data: ROW, message: 'Factuur verzonden per e-mail' } },
    });
    const row = (await screen.findByText('2026-0007', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Betaald (PIN)')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Verzenden: factuur 2026-0007' }));
    expect(await screen.findByText('Factuur verzonden per e-mail')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: factuur 2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007' });
    expect(within(dialog).getByText('2 × € 65,00')).toBeTruthy();
    expect(within(dialog).getByText('€ 29,93')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'PDF downloaden' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
  });
});
