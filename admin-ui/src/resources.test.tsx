import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { App } from './App';
import routes from './routes.json';

function start(path: string, role: string, api: Record<string, Responder> = {}) {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { body: me(role) }, ...LOGOUT_OK, ...api });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
  return mock;
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Hoofdmenu' });

const menuItems = async () => {
  await screen.findByRole('link', { name: 'Beveiliging' });
  return within(mainMenu()).getAllByRole('link').map((item) => [item.textContent, item.getAttribute('href')]);
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('console resources', () => {
  it('gives an admin every back-office list in the menu, in Dutch, at the addresses of the spec', async () => {
    start('/admin/dashboard', 'admin');
    expect(await menuItems()).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Klussen', '/admin/klussen'],
      ['Planning', '/admin/planning'],
      ['Werkbonnen', '/admin/werkbonnen'],
      ['Facturen', '/admin/facturen'],
      ['Bankafschriften', '/admin/bankafschriften'],
      ['Uitbetalingen', '/admin/uitbetalingen'],
      ['Afdrachten', '/admin/afdrachten'],
      ['Klanten', '/admin/klanten'],
      ['Klussers', '/admin/klussers'],
      ['Aanmeldingen', '/admin/klusser-aanmeldingen'],
      ['Franchisenemers', '/admin/franchise-eigenaren'],
      ['Auditlog', '/admin/audit'],
      ['Rapportages', '/admin/rapportages'],
      ['Instellingen', '/admin/settings'],
      ['Beveiliging', '/admin/beveiliging'],
    ]);
  });

  // A franchise owner gets the same menu on /franchise/* and on /admin/* (spec section 6).
  it.each(['/franchise', '/admin'])('gives a franchise owner on %s/* the jobs, the planning board, the invoices and bank statements (D30), the statements (D31), the fees (D32) and handymen only', async (area) => {
    start(`${area}/dashboard`, 'franchise');
    expect(await menuItems()).toEqual(
      [
        ['Dashboard', 'dashboard'],
        ['Klussen', 'klussen'],
        ['Planning', 'planning'],
        ['Facturen', 'facturen'],
        ['Bankafschriften', 'bankafschriften'],
        ['Uitbetalingen', 'uitbetalingen'],
        ['Afdrachten', 'afdrachten'],
        ['Klussers', 'klussers'],
        ['Instellingen', 'settings'],
        ['Beveiliging', 'beveiliging'],
      ].map(
        ([name, path]) => [name, `${area}/${path}`],
      ),
    );
    expect(screen.queryByRole('link', { name: 'Nieuwe Klus Aanmaken' })).toBeNull();
  });

  it("keeps 'Uitbetalingen' marked in the menu on its second part, the payment files, which has no item of its own", async () => {
    start('/franchise/betaalbatches', 'franchise', {
      'GET /api/v1/betaalbatches': { body: { data: [], total: 0 } },
      'GET /api/v1/factuur-uitgevers': { body: { data: [], total: 0 } },
    });
    expect(await menuItems()).not.toContainEqual(['Betaalbatches', '/franchise/betaalbatches']);
    expect(within(mainMenu()).getByRole('link', { name: 'Uitbetalingen' }).getAttribute('aria-current')).toBe('page');
    expect((await screen.findByRole('link', { name: 'Betaalbatches' })).getAttribute('aria-current')).toBe('page');
  });

  it("sends a franchise owner who types /admin/klanten to 'Niet gevonden', without reading the customers", async () => {
    const mock = start('/admin/klanten', 'franchise', { 'GET /api/v1/klanten': { body: { data: [], total: 0 } } });
    expect(await screen.findByText('Niet gevonden')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nieuwe Klant' })).toBeNull();
    expect(mock.callsTo('/api/v1/klanten')).toHaveLength(0);
  });

  it("gives an admin 'Nieuwe Klant' on the customers' list", async () => {
    start('/admin/klanten', 'admin', { 'GET /api/v1/klanten': { body: { data: [], total: 0 } } });
    expect(await screen.findByRole('button', { name: 'Nieuwe Klant' })).toBeTruthy();
  });

  it('lists one sorted page from the API with Dutch column labels, dates and euros', async () => {
    const mock = start('/admin/facturen', 'admin', {
      'GET /api/v1/facturen': {
        body: {
          data: [
            {
              id: 'f1',
              factuurnummer: '2025-0042',
              datum: '2025-11-19',
              klant_naam: 'Mevrouw Jansen',
              klant_email: 'jansen@example.nl',
              omschrijving: 'Lamp ophangen',
              totaal_bedrag_cents: 123450,
              betaal_methode: 'pin',
              betaald: true,
              staat: 'betaald',
              open_cents: 0,
              betaald_cents: 123450,
              vervaldatum: '2025-12-03',
              credit_van: null,
              gecrediteerd_door: null,
            },
          ],
          total: 1,
        },
      },
    });
    const row = (await screen.findByText('2025-0042')).closest('tr') as HTMLElement;
    expect(within(row).getByText('19-11-2025')).toBeTruthy();
    expect(within(row).getByText('€ 1.234,50')).toBeTruthy();
    for (const label of ['Factuur', 'Klant', 'Omschrijving', 'Bedrag', 'Staat', 'Acties']) {
      expect(screen.getByText(label, { selector: 'th *' })).toBeTruthy();
    }
    const [call] = mock.callsTo('/api/v1/facturen', 'GET');
    expect(call?.query.toString()).toBe('page=1&per_page=10&sort=datum&order=desc');
  });

  it('shows the Dutch empty state of a list without rows', async () => {
    start('/admin/werkbonnen', 'admin', { 'GET /api/v1/werkbonnen': { body: { data: [], total: 0 } } });
    expect(await screen.findByText('Nog geen werkbonnen')).toBeTruthy();
  });

  it("reads the default failure and the server's reason as one sentence, without '.:'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs the failed query
    start('/admin/werkbonnen', 'admin', {
      'GET /api/v1/werkbonnen': { status: 403, body: { error: { code: 'forbidden', message: 'Je hebt geen toegang.' } } },
    });
    expect(await screen.findByText('De lijst kon niet worden geladen: Je hebt geen toegang.')).toBeTruthy();
  });

  it("shows the server's message in place of the rows when a list cannot be loaded, and keeps the console usable", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs the failed query
    start('/admin/klanten', 'admin', {
      'GET /api/v1/klanten': { status: 404, body: { error: { code: 'not_found', message: 'Dit adres bestaat niet.' } } },
    });
    expect(await screen.findByText('Fout bij laden van klanten: Dit adres bestaat niet.')).toBeTruthy();
    // No empty table, no paging that counts rows that are not there, and no second copy in a toast.
    expect(screen.queryByText(/Geen klanten/i)).toBeNull();
    expect(screen.queryByText(/van \d+/)).toBeNull();
    expect(screen.getAllByText(/Dit adres bestaat niet/)).toHaveLength(1);
    expect(within(mainMenu()).getByRole('link', { name: 'Klussen' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/klanten');
  });

  it('asks the aanmeldingen collection of the API for /admin/klusser-aanmeldingen', async () => {
    const mock = start('/admin/klusser-aanmeldingen', 'admin', {
      'GET /api/v1/aanmeldingen': { body: { data: [{ id: 'a1', naam: 'Henk de Vries', leeftijd: 67 }], total: 1 } },
    });
    expect(await screen.findByText('Henk de Vries')).toBeTruthy();
    await waitFor(() => expect(mock.callsTo('/api/v1/aanmeldingen')).toHaveLength(1));
  });

  it('names the pager in Dutch for screen readers', async () => {
    start('/admin/klusser-aanmeldingen', 'admin', {
      'GET /api/v1/aanmeldingen': { body: { data: [{ id: 'a1', naam: 'Henk de Vries', leeftijd: 67 }], total: 80 } },
    });
    expect(await screen.findByText('Henk de Vries')).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: 'Paginanavigatie' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).toBeNull();
  });

  it('has every list page in routes.json, so that the server serves it on reload (D21)', () => {
    for (const path of ['klussen', 'werkbonnen', 'facturen', 'bankafschriften', 'uitbetalingen', 'betaalbatches', 'afdrachten', 'klanten', 'klussers', 'klusser-aanmeldingen']) {
      expect(routes).toContain(`/admin/${path}`);
    }
    expect(routes).toEqual(
      expect.arrayContaining([
        '/franchise/klussen',
        '/franchise/klussers',
        '/franchise/facturen',
        '/franchise/bankafschriften',
        '/franchise/uitbetalingen',
        '/franchise/betaalbatches',
        '/franchise/afdrachten',
      ]),
    );
  });
});
