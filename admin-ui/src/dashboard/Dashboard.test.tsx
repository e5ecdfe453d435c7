import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../dataProvider';
import { MemoryRouter } from 'react-router-dom';
import { createFetchMock, KRATOS, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { authProvider } from '../authProvider';
import { FakeEventSource, installFakeEventSource } from '@klusmaat/shared-ui/test/fakeEventSource';
import { i18nProvider } from '../i18nProvider';
import { Dashboard } from './Dashboard';
import type { DashboardData } from './types';

function dashboard(open: number, extra: Partial<DashboardData> = {}): DashboardData {
  return {
    statussen: { open, ingepland: 2, bezig: 1, afgerond: 7 },
    totaal: open + 10,
    regios: [
      { regio: 'den-haag', naam: 'Den Haag', open, ingepland: 2, bezig: 1, afgerond: 7, totaal: open + 10 },
      { regio: 'utrecht', naam: 'Utrecht', open: 0, ingepland: 0, bezig: 0, afgerond: 0, totaal: 0 },
    ],
    recente_activiteit: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        status: 'ingepland',
        categorie: 'elektra',
        categorie_label: 'Elektra',
        beschrijving: 'Lamp ophangen',
        woonplaats: 'Voorburg',
        regio: 'den-haag',
        datum: '2026-11-24',
        created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
        updated_at: new Date().toISOString(),
      },
    ],
    top_woonplaatsen: [
      { woonplaats: 'Den Haag', aantal: 9 },
      { woonplaats: 'Voorburg', aantal: 1 },
    ],
    terugbellen: { aantal: 0, klussen: [] },
    ...extra,
  };
}

/** GET /api/v1/dashboard/trend: 8 weeks up to this one (week 48 of 2026), new requests and finished jobs. */
function trend(extra = 0) {
  const weeks = ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
  return { data: { weken: weeks.map((week, i) => ({ week, nieuw: i + 1, afgerond: i === 7 ? 2 + extra : i })) } };
}

const bucket = (ouderdom: string, aantal = 0, cents = 0) => ({ ouderdom, aantal, cents });
const leeg = (regio: string, naam: string) => ({ regio, naam, buckets: ['niet_vervallen', '1-30', '31-60', '60+'].map((o) => bucket(o)), aantal: 0, cents: 0 });

/** GET /api/v1/facturen/openstaand: nothing open, unless a test says otherwise. */
const NIETS_OPEN = { body: { data: { regios: [], totaal: leeg('', 'Totaal') } } };

function start(
  answer: Responder | Responder[],
  area: 'admin' | 'franchise' = 'admin',
  trendAnswer: Responder | Responder[] = { body: trend() },
  role: string = area,
  openAnswer: Responder | Responder[] = NIETS_OPEN,
) {
  const mock = createFetchMock({
    [`GET ${KRATOS.me}`]: { body: me(role) },
    'GET /api/v1/dashboard': answer,
    'GET /api/v1/dashboard/trend': trendAnswer,
    'GET /api/v1/facturen/openstaand': openAnswer,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter initialEntries={[`/${area}/dashboard`]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} basename={`/${area}`}>
        <Dashboard area={area} brand="Klushulp" />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

beforeEach(() => installFakeEventSource());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Dashboard', () => {
  it('shows the counts per status as tiles that lead to the filtered jobs list', async () => {
    start({ body: { data: dashboard(4) } });
    const open = await screen.findByRole('link', { name: /Open\s*4/ });
    expect(open.getAttribute('href')).toBe('/admin/klussen?status=open');
    expect(screen.getByRole('link', { name: /Afgerond\s*7/ }).getAttribute('href')).toBe('/admin/klussen?status=afgerond');
    expect(screen.getByText(/14 in totaal/)).toBeTruthy();
    expect(document.title).toBe('Dashboard – Klushulp');
    // The console's layout is the page's one main landmark; the dashboard inside it is not another.
    expect(screen.queryAllByRole('main')).toHaveLength(0);
  });

  it('has the region table, the top towns, recent activity in Dutch and the links of the spec', async () => {
    start({ body: { data: dashboard(4) } });
    const regions = await screen.findByRole('table');
    const denHaag = within(regions).getByRole('row', { name: /Den Haag/ });
    expect(within(denHaag).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '2', '1', '7', '14']);
    expect(within(regions).getByRole('link', { name: 'Den Haag' }).getAttribute('href')).toBe('/admin/klussen?regio=den-haag');
    expect(screen.getByRole('link', { name: 'Voorburg' }).getAttribute('href')).toBe('/admin/klussen?woonplaats=Voorburg');
    const recent = screen.getByTestId('recent-activity');
    expect(recent.textContent).toContain('Elektra: Lamp ophangen');
    expect(recent.textContent).toContain('Ingepland');
    expect(recent.textContent).toContain('3 minuten geleden');
    // The admin's actions show once react-admin knows the roles.
    expect((await screen.findByRole('link', { name: 'Nieuwe Klus Aanmaken' })).getAttribute('href')).toBe('/admin/klussen?nieuw=1');
    for (const [name, href] of [
      ['Werkbonnen bekijken', '/admin/werkbonnen'],
      ['Facturen bekijken', '/admin/facturen'],
      ['Klanten', '/admin/klanten'],
      ['Aanmeldingen', '/admin/klusser-aanmeldingen'],
      ['Instellingen', '/admin/settings'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('asks again when the live stream reports a job change, without polling', async () => {
    const mock = start([{ body: { data: dashboard(4) } }, { body: { data: dashboard(5) } }], 'admin', [{ body: trend() }, { body: trend(3) }]);
    await screen.findByRole('link', { name: /Open\s*4/ });
    expect(mock.calls.filter((c) => c.url === '/api/v1/dashboard')).toHaveLength(1);
    expect(mock.callsTo('/api/v1/dashboard/trend')).toHaveLength(1);
    act(() => FakeEventSource.last.emit('klus', { klus_id: 'x', op: 'INSERT', status: 'open', regio: 'den-haag' }));
    expect(await screen.findByRole('link', { name: /Open\s*5/ })).toBeTruthy();
    expect(FakeEventSource.last.url).toBe('/api/v1/events');
    // The trend is asked again with the counts, on the same stream (one EventSource).
    expect(await screen.findByText(/deze week \(week 48\) tot nu toe 8 nieuw en 5 afgerond/)).toBeTruthy();
    expect(mock.callsTo('/api/v1/dashboard/trend')).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("lists the requests not called back within 24 hours, oldest first, each leading to its job (D26)", async () => {
    const late = (id: string, naam: string, uren: number) => ({
      id, naam, telefoon: '070 123 45 67', woonplaats: 'Voorburg', regio: 'den-haag', categorie_label: 'Montage',
      created_at: new Date(Date.now() - (24 + uren) * 3_600_000).toISOString(), uren_te_laat: uren,
    });
    start({ body: { data: dashboard(4, { terugbellen: { aantal: 2, klussen: [late('00000000-0000-4000-8000-00000000000a', 'Mevrouw De Vries', 50), late('00000000-0000-4000-8000-00000000000b', '', 6)] } }) } });
    const section = await screen.findByRole('region', { name: /Nog niet teruggebeld: 2/ });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Mevrouw De Vries, Voorburg'),
      expect.stringContaining('Klant zonder naam, Voorburg'),
    ]);
    expect(items[0]?.textContent).toContain('2 dagen te laat');
    expect(items[1]?.textContent).toContain('6 uur te laat');
    expect(within(section).getByRole('link', { name: 'Mevrouw De Vries, Voorburg' }).getAttribute('href')).toBe('/admin/klussen?klus=00000000-0000-4000-8000-00000000000a');
    expect(within(section).getByRole('link', { name: 'Alle 2 bekijken' }).getAttribute('href')).toBe('/admin/klussen?terugbellen=te_laat&sort=created_at&order=ASC');
  });

  it.each(['admin', 'franchise'] as const)("shows the %s what is open per region and age, each cell leading to those invoices (D30)", async (area) => {
    const denHaag = {
      regio: 'den-haag',
      naam: 'Den Haag',
      buckets: [bucket('niet_vervallen', 2, 30000), bucket('1-30'), bucket('31-60', 1, 17243), bucket('60+')],
      aantal: 3,
      cents: 47243,
    };
    const utrecht = { ...leeg('utrecht', 'Utrecht'), buckets: [bucket('niet_vervallen', 1, 10000), bucket('1-30'), bucket('31-60'), bucket('60+')], aantal: 1, cents: 10000 };
    const totaal = { regio: '', naam: 'Totaal', buckets: [bucket('niet_vervallen', 3, 40000), bucket('1-30'), bucket('31-60', 1, 17243), bucket('60+')], aantal: 4, cents: 57243 };
    start({ body: { data: dashboard(4) } }, area, { body: trend() }, area, { body: { data: { regios: [denHaag, utrecht], totaal } } });
    const section = await screen.findByRole('region', { name: 'Openstaand' });
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Regio', 'Niet vervallen', '1-30 dagen', '31-60 dagen', 'Meer dan 60 dagen', 'Totaal']);
    const row = within(table).getByRole('row', { name: /^Den Haag/ });
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual([
      'Den Haag, niet vervallen: € 300,002 facturen',
      '—niets open',
      'Den Haag, 31-60 dagen: € 172,431 factuur',
      '—niets open',
      'Den Haag, totaal: € 472,433 facturen',
    ]);
    const link = within(row).getByRole('link', { name: /Den Haag, 31-60 dagen/ });
    expect(link.getAttribute('href')).toBe(`/${area}/facturen?regio=den-haag&ouderdom=31-60`);
    expect(within(row).getByRole('link', { name: /Den Haag, totaal/ }).getAttribute('href')).toBe(`/${area}/facturen?regio=den-haag&betaald=nee`);
    const som = within(table).getByRole('row', { name: /^Totaal/ });
    expect(within(som).getByRole('link', { name: /Alle regio’s, niet vervallen/ }).getAttribute('href')).toBe(`/${area}/facturen?ouderdom=niet_vervallen`);
    expect(within(som).getAllByRole('cell').at(-1)?.textContent?.replace(/\s/g, ' ')).toBe('Alle regio’s, totaal: € 572,434 facturen');
  });

  it('shows one region without a total row that would only repeat it', async () => {
    const denHaag = { ...leeg('den-haag', 'Den Haag'), buckets: [bucket('niet_vervallen', 1, 5000), bucket('1-30'), bucket('31-60'), bucket('60+')], aantal: 1, cents: 5000 };
    start({ body: { data: dashboard(2) } }, 'franchise', { body: trend() }, 'franchise', { body: { data: { regios: [denHaag], totaal: { ...denHaag, regio: '', naam: 'Totaal' } } } });
    const table = await within(await screen.findByRole('region', { name: 'Openstaand' })).findByRole('table');
    expect(within(table).getAllByRole('row').map((r) => r.querySelector('th')?.textContent)).toEqual(['Regio', 'Den Haag']);
  });

  it('says so when what is open cannot be loaded, and still shows the rest', async () => {
    start({ body: { data: dashboard(4) } }, 'admin', { body: trend() }, 'admin', { status: 500, body: { error: { message: 'Er ging iets mis. Probeer het opnieuw.' } } });
    expect(await screen.findByText('Kon de openstaande facturen niet laden.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open\s*4/ })).toBeTruthy();
  });

  it('says when nothing is open', async () => {
    start({ body: { data: dashboard(4) } });
    expect(await screen.findByText('Er staat niets open: alle facturen zijn betaald of gecrediteerd.')).toBeTruthy();
  });

  it('says when everyone was called back in time', async () => {
    start({ body: { data: dashboard(4) } });
    expect(await screen.findByText('Iedereen is binnen 24 uur teruggebeld.')).toBeTruthy();
  });

  it('says so in Dutch when the counts cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    start({ status: 500, body: { error: { message: 'kapot' } } });
    expect(await screen.findByText('Fout bij laden van dashboard data')).toBeTruthy();
    // Also logged (section 8).
    expect(logged).toHaveBeenCalledWith('dashboard: Fout bij laden van dashboard data');
  });

  it.each(['admin', 'franchise'] as const)('shows the %s the 8-week trend as a chart with its numbers as a table (D29)', async (area) => {
    const mock = start({ body: { data: dashboard(4) } }, area);
    await screen.findByRole('button', { name: /^Toon cijfers/ });
    const card = screen.getByRole('region', { name: 'Trend (8 weken)' });
    expect(mock.callsTo('/api/v1/dashboard/trend')).toHaveLength(1);
    expect(card.textContent).toContain('In 8 weken 36 nieuwe aanvragen en 23 afgeronde klussen; deze week (week 48) tot nu toe 8 nieuw en 2 afgerond.');
    expect(within(card).getByText('Nieuwe aanvragen')).toBeTruthy();
    expect(within(card).getByText('Afgeronde klussen')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('aria-label')).toContain('Toon cijfers');
    const toon = within(card).getByRole('button', { name: /^Toon cijfers/ });
    expect(toon.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toon);
    expect(toon.getAttribute('aria-expanded')).toBe('true');
    const table = within(card).getByRole('table', { name: /Nieuwe aanvragen en afgeronde klussen per week/ });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Week', 'Vanaf (maandag)', 'Nieuwe aanvragen', 'Afgeronde klussen']);
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['week 41', 'week 42', 'week 43', 'week 44', 'week 45', 'week 46', 'week 47', 'week 48']);
    const now = within(table).getByRole('row', { name: /week 48/ });
    expect(within(now).getAllByRole('cell').map((c) => c.textContent)).toEqual(['23-11-2026', '8', '2']);
    // The rest of the dashboard is as it was.
    expect(screen.getByRole('link', { name: /Open\s*4/ })).toBeTruthy();
  });

  it('says so when the trend cannot be loaded, and still shows the counts', async () => {
    start({ body: { data: dashboard(4) } }, 'admin', { status: 500, body: { error: { message: 'kapot' } } });
    expect(await screen.findByText('Fout bij laden van de trend')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Trend (8 weken)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open\s*4/ })).toBeTruthy();
  });

  it('shows a franchise owner the counts without the admin-only actions', async () => {
    start({ body: { data: dashboard(2) } }, 'franchise');
    expect((await screen.findByRole('link', { name: /Open\s*2/ })).getAttribute('href')).toBe('/franchise/klussen?status=open');
    expect(screen.queryByRole('link', { name: 'Nieuwe Klus Aanmaken' })).toBeNull();
    expect(screen.getByText(/Welkom in het franchiseportaal van Klushulp/)).toBeTruthy();
  });

  it("shows a franchise owner on /admin/dashboard the counts without the admin's actions and links", async () => {
    start({ body: { data: dashboard(2) } }, 'admin', { body: trend() }, 'franchise');
    expect(await screen.findByRole('link', { name: /Open\s*2/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Jouw regio/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nieuwe Klus Aanmaken' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Facturen bekijken' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Franchisenemers' })).toBeNull();
  });
});
