import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';

const ANNA = {
  id: '3f0c7a52-1111-4000-8000-000000000001',
  naam: 'Anna de Vries',
  leeftijd: 67,
  email: 'anna@example.nl',
  telefoon: '06 12345678',
  woonplaats: 'Delft',
  status: 'in_behandeling',
  created_at: '2026-11-19T09:30:00Z',
  reactie_te_laat: false,
};
const COUNTS = { nieuw: 4, in_behandeling: 1, goedgekeurd: 2, afgewezen: 3, reactie_te_laat: 0 };

function start(api: Record<string, Responder | Responder[]> = {}) {
  return startConsole('/admin/klusser-aanmeldingen', {
    'GET /api/v1/aanmeldingen': { body: { data: [ANNA], total: 1 } },
    'GET /api/v1/aanmeldingen/counts': { body: { data: COUNTS } },
    ...api,
  });
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Aanmeldingen', () => {
  it('lists applications with the Dutch status, the date and a Bekijken button to the application', async () => {
    const mock = start();
    const row = (await screen.findByText('Anna de Vries')).closest('tr') as HTMLElement;
    expect(within(row).getByText('67')).toBeTruthy();
    expect(within(row).getByText('Delft')).toBeTruthy();
    expect(within(row).getByText('06 12345678')).toBeTruthy();
    expect(within(row).getByText('In behandeling')).toBeTruthy();
    expect(within(row).getByText('19-11-2026')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Naam', 'Leeftijd', 'Woonplaats', 'Telefoon', 'Status', 'Datum']));
    const bekijken = within(row).getByRole('link', { name: /^Bekijken/ });
    expect(bekijken.getAttribute('href')).toBe(`/admin/klusser-aanmeldingen/${ANNA.id}`);
    expect(mock.calls.find((c) => c.path === '/api/v1/aanmeldingen')?.query.get('sort')).toBe('created_at');
  });

  it('shows a count card per status; a card sets the status filter, the search goes to list and counts', async () => {
    const mock = start();
    const cards = await screen.findByRole('list', { name: 'Aanmeldingen per status' });
    await waitFor(() => expect(within(cards).getByRole('button', { name: 'Nieuw 4' })).toBeTruthy());
    expect(within(cards).getByRole('button', { name: 'In behandeling 1' })).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Goedgekeurd 2' })).toBeTruthy();
    fireEvent.click(within(cards).getByRole('button', { name: 'Afgewezen 3' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/aanmeldingen').at(-1)?.query.get('status')).toBe('afgewezen'));
    expect(within(cards).getByRole('button', { name: 'Afgewezen (gekozen) 3' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('Zoeken op naam, e-mail, telefoon of woonplaats'), { target: { value: 'delft' } });
    await waitFor(() => expect(mock.callsTo('/api/v1/aanmeldingen').at(-1)?.query.get('q')).toBe('delft'));
    await waitFor(() => expect(mock.callsTo('/api/v1/aanmeldingen/counts').at(-1)?.query.get('q')).toBe('delft'));
    expect(mock.callsTo('/api/v1/aanmeldingen/counts').at(-1)?.query.get('status')).toBeNull();
  });

  it('says how many new applications wait past 2 working days, marks them, and shows just those on request (D26)', async () => {
    const late = { ...ANNA, id: '3f0c7a52-1111-4000-8000-000000000002', naam: 'Kees Jansen', status: 'nieuw', reactie_te_laat: true };
    const mock = start({
      'GET /api/v1/aanmeldingen': { body: { data: [ANNA, late], total: 2 } },
      'GET /api/v1/aanmeldingen/counts': { body: { data: { ...COUNTS, reactie_te_laat: 1 } } },
    });
    expect(await screen.findByText('1 nieuwe aanmelding wacht al langer dan 2 werkdagen op een reactie.')).toBeTruthy();
    const row = screen.getByText('Kees Jansen').closest('tr') as HTMLElement;
    expect(within(row).getByText('Reactie te laat')).toBeTruthy();
    expect(within(screen.getByText('Anna de Vries').closest('tr') as HTMLElement).queryByText('Reactie te laat')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Toon deze aanmeldingen' }));
    await waitFor(() => expect(mock.callsTo('/api/v1/aanmeldingen').at(-1)?.query.get('reactie')).toBe('te_laat'));
    expect(await screen.findByRole('button', { name: 'Alle aanmeldingen tonen' })).toBeTruthy();
  });

  it('says Nog geen aanmeldingen when there are none', async () => {
    start({ 'GET /api/v1/aanmeldingen': { body: { data: [], total: 0 } } });
    expect(await screen.findByText('Nog geen aanmeldingen')).toBeTruthy();
  });
});
