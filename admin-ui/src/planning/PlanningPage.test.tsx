import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Notification } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { createFetchMock, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { FakeEventSource, installFakeEventSource } from '@klusmaat/shared-ui/test/fakeEventSource';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { REGIOS_ANSWER } from '../test/regios';
import PlanningPage from './PlanningPage';
import type { PlanningWeek } from './usePlanning';
import { addDays } from '@klusmaat/shared-ui/week';

const PIET = '00000000-0000-4000-8000-0000000000a1';
const JAN = '00000000-0000-4000-8000-0000000000a2';
const K_PIET = '00000000-0000-4000-8000-000000000001';
const K_JAN = '00000000-0000-4000-8000-000000000002';
const K_SCHOUW = '00000000-0000-4000-8000-000000000003';
const OPEN_DH = '00000000-0000-4000-8000-000000000011';
const OPEN_UT = '00000000-0000-4000-8000-000000000012';
const OPEN_RDAM = '00000000-0000-4000-8000-000000000013';

function bord(monday = '2026-11-23'): PlanningWeek {
  const dag = (n: number) => addDays(monday, n);
  return {
    week: monday,
    dagen: [0, 1, 2, 3, 4, 5, 6].map(dag),
    vandaag: '2026-11-24',
    regio: '',
    totaal: 2,
    pagina: 1,
    per_pagina: 25,
    klussers: [
      {
        id: PIET,
        naam: 'Piet Bakker',
        regios: ['den-haag'],
        items: [
          {
            soort: 'klus',
            klus_id: K_PIET,
            dag: dag(2),
            tijd: '10:00',
            gepland: true,
            start: `${dag(2)}T09:00:00Z`,
            status: 'ingepland',
            categorie: 'Elektra',
            woonplaats: 'Voorburg',
            regio: 'den-haag',
          },
        ],
      },
      {
        id: JAN,
        naam: 'Jan de Wit',
        regios: ['utrecht'],
        items: [
          {
            soort: 'klus',
            klus_id: K_JAN,
            dag: dag(4),
            tijd: 'middag',
            gepland: false,
            start: null,
            status: 'open',
            categorie: 'Houtwerk',
            woonplaats: 'Zeist',
            regio: 'utrecht',
          },
        ],
      },
    ],
    schouwen: [
      {
        soort: 'schouw',
        klus_id: K_SCHOUW,
        dag: dag(3),
        tijd: '14:00',
        gepland: true,
        start: `${dag(3)}T13:00:00Z`,
        status: 'gepland',
        categorie: 'Schilderwerk',
        woonplaats: 'Rijswijk',
        regio: 'den-haag',
        opnemer: 'Kees de Opnemer',
      },
    ],
    pool: [
      { klus_id: OPEN_DH, datum: dag(1), tijd: 'ochtend', categorie: 'Tegelwerk', woonplaats: 'Den Haag', regio: 'den-haag', assignment_type: 'pool' },
      { klus_id: OPEN_UT, datum: dag(5), tijd: 'avond', categorie: 'Tuinonderhoud', woonplaats: 'Utrecht', regio: 'utrecht', assignment_type: null },
      { klus_id: OPEN_RDAM, datum: dag(6), tijd: 'ochtend', categorie: 'Overig', woonplaats: 'Schiedam', regio: 'rotterdam', assignment_type: 'pool' },
    ],
  };
}

const ASSIGNED = { data: { id: OPEN_DH, status: 'ingepland' }, message: 'Klusser toegewezen vanuit pool - werkbon aangemaakt' };

/** The page's URL query, to check what a reload or a shared link would open. */
function Adres() {
  return <output data-testid="adres">{useLocation().search}</output>;
}

function start(api: Record<string, Responder | Responder[]>, area: 'admin' | 'franchise' = 'admin', query = '') {
  const mock = createFetchMock({
    'GET /api/v1/me': { body: me(area === 'admin' ? 'admin' : 'franchise') },
    'GET /api/v1/regios': { body: REGIOS_ANSWER },
    'GET /api/v1/planning': { body: { data: bord() } },
    ...api,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter initialEntries={[`/${area}/planning${query}`]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider} authProvider={authProvider} basename={`/${area}`}>
        <PlanningPage />
        <Adres />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;
const openCard = (categorie: string) => screen.getByRole('link', { name: new RegExp(categorie) }).closest('[data-open-klus]') as HTMLElement;
const planningCalls = (mock: ReturnType<typeof start>) => mock.callsTo('/api/v1/planning', 'GET');

function dataTransfer(id: string) {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? (type === 'text/plain' ? id : ''),
    types: ['application/x-klusmaat-klus', 'text/plain'],
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

beforeEach(() => installFakeEventSource());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Planning board (D29)', () => {
  it('shows the week, its days, the klussers with their jobs, the surveys and the open jobs', async () => {
    start({});
    expect(await screen.findByRole('heading', { level: 2, name: 'Week 48: 23 – 29 november 2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Planning' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(table.querySelector('caption')?.textContent).toBe('Planning per klusser en dag, Week 48: 23 – 29 november 2026');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Klusser', 'ma 23 nov', 'di 24 nov(vandaag)', 'wo 25 nov', 'do 26 nov', 'vr 27 nov', 'za 28 nov', 'zo 29 nov']);
    expect(within(table).getAllByRole('columnheader')[2]?.getAttribute('aria-current')).toBe('date');

    const piet = rowOf('Piet Bakker');
    expect(within(piet).getByRole('rowheader').textContent).toContain('Den Haag');
    const woensdag = within(piet).getAllByRole('cell')[2] as HTMLElement;
    const card = within(woensdag).getByRole('link');
    expect(card.textContent).toContain('10:00');
    expect(card.textContent).toContain('Voorburg');
    expect(card.textContent).toContain('Elektra');
    expect(within(card).getByText('Ingepland')).toBeTruthy();
    expect(card.getAttribute('href')).toBe(`/admin/klussen?klus=${K_PIET}`);
    expect(screen.getByRole('link', { name: /^woensdag 25 november, 10:00, Voorburg, Elektra, Ingepland/ })).toBe(card);
    for (const [i, cell] of within(piet).getAllByRole('cell').entries()) if (i !== 2) expect(cell.textContent).toBe('');

    // Not planned yet: the customer's part of day.
    const jan = within(rowOf('Jan de Wit')).getAllByRole('cell')[4] as HTMLElement;
    expect(jan.textContent).toContain('middag');
    expect(jan.textContent).toContain('nog in te plannen');

    const schouwen = within(rowOf('Schouwen')).getAllByRole('cell')[3] as HTMLElement;
    expect(schouwen.textContent).toContain('14:00');
    expect(schouwen.textContent).toContain('Kees de Opnemer');
    expect(schouwen.textContent).toContain('Rijswijk');

    const open = screen.getByRole('region', { name: 'Open klussen' });
    const items = within(open).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('di 24 nov, ochtend');
    expect(items[0]?.textContent).toContain('Den Haag');
    expect(items[0]?.textContent).toContain('Tegelwerk');
    expect(items[0]?.textContent).toContain('In pool');
    expect(items[1]?.textContent).toContain('Nog niet uitgezet');
  });

  it('on a narrow screen shows the days that fit, today first, and pages through the rest of the week', async () => {
    // A tablet with the menu open: the week's box is 520 px, room for the klussers and 4 days.
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(520);
    start({});
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    const heads = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads()).toEqual(['Klusser', 'di 24 nov(vandaag)', 'wo 25 nov', 'do 26 nov', 'vr 27 nov']);
    const days = screen.getByRole('group', { name: 'Dagen van de week' });
    expect(days.textContent).toContain('di 24 nov – vr 27 nov');
    // Piet's Wednesday job is in view; the drop target is still the whole row.
    expect(within(rowOf('Piet Bakker')).getAllByRole('cell')[1]?.textContent).toContain('Voorburg');
    fireEvent.click(within(days).getByRole('button', { name: 'Latere dagen' }));
    expect(heads()).toEqual(['Klusser', 'do 26 nov', 'vr 27 nov', 'za 28 nov', 'zo 29 nov']);
    expect((within(days).getByRole('button', { name: 'Latere dagen' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(days).getByRole('button', { name: 'Eerdere dagen' }));
    fireEvent.click(within(days).getByRole('button', { name: 'Eerdere dagen' }));
    expect(heads()).toEqual(['Klusser', 'ma 23 nov', 'di 24 nov(vandaag)', 'wo 25 nov', 'do 26 nov']);
    expect((within(days).getByRole('button', { name: 'Eerdere dagen' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows all seven days without day paging where they fit', async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(780);
    start({});
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(8);
    expect(screen.queryByRole('group', { name: 'Dagen van de week' })).toBeNull();
  });

  it('says when there are no klussers or open jobs, and when the week cannot be read', async () => {
    start({ 'GET /api/v1/planning': [{ body: { data: { ...bord(), klussers: [], pool: [] } } }, { status: 500, body: { error: { message: 'kapot' } } }] });
    expect(await screen.findByText('Geen klussers in deze regio.')).toBeTruthy();
    expect(screen.getByText('Geen open klussen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volgende week' }));
    expect(await screen.findByText('Kon de planning niet laden.')).toBeTruthy();
  });

  it("asks for the next Monday's week with 'Volgende week', and back with 'Vorige week'", async () => {
    const mock = start({
      'GET /api/v1/planning?week=2026-11-30': { body: { data: bord('2026-11-30') } },
      'GET /api/v1/planning?week=2026-11-23': { body: { data: bord() } },
    });
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    expect(planningCalls(mock)[0]?.query.has('week')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Volgende week' }));
    await waitFor(() => expect(planningCalls(mock).at(-1)?.query.get('week')).toBe('2026-11-30'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week 49: 30 november – 6 december 2026' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('columnheader')[1]?.textContent).toBe('ma 30 nov'));
    fireEvent.click(screen.getByRole('button', { name: 'Vorige week' }));
    await waitFor(() => expect(planningCalls(mock).at(-1)?.query.get('week')).toBe('2026-11-23'));
  });

  it("filters on a region and reloads when a job of it changes on the live stream", async () => {
    const mock = start({ 'GET /api/v1/planning?regio=utrecht': { body: { data: { ...bord(), regio: 'utrecht' } } } });
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Regio' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      "Alle regio's",
      'Amsterdam',
      'Den Haag',
      'Rotterdam',
      'Utrecht',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Utrecht' }));
    await waitFor(() => expect(planningCalls(mock).at(-1)?.query.get('regio')).toBe('utrecht'));
    const before = planningCalls(mock).length;
    FakeEventSource.last.emit('klus', { id: 1, klus_id: OPEN_DH, op: 'UPDATE', regio: 'den-haag', status: 'open' });
    FakeEventSource.last.emit('klus', { id: 2, klus_id: OPEN_UT, op: 'UPDATE', regio: 'utrecht', status: 'ingepland' });
    FakeEventSource.last.emit('klus', { id: 3, klus_id: OPEN_UT, op: 'UPDATE', regio: 'utrecht', status: 'ingepland' });
    await waitFor(() => expect(planningCalls(mock).length).toBe(before + 1));
  });

  it("admin: 'Toewijzen aan…' lists the klussers of the job's region; choosing one assigns and reloads", async () => {
    const mock = start({ [`POST /api/v1/klussen/${OPEN_DH}/assign`]: { body: ASSIGNED } });
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    const knoppen = await screen.findAllByRole('button', { name: /^Toewijzen aan…/ });
    expect(knoppen).toHaveLength(3);
    expect(rowOf('Piet Bakker').getAttribute('aria-describedby')).toBe('planning-sleep-uitleg');
    expect(document.getElementById('planning-sleep-uitleg')?.textContent).toBe(
      'Sleep een open klus hierheen om hem toe te wijzen, of gebruik de knop Toewijzen aan…',
    );

    // A job in Rotterdam: nobody on the board works there.
    fireEvent.click(screen.getByRole('button', { name: /^Toewijzen aan… \(Overig, Schiedam/ }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Geen klussers in deze regio']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    const before = planningCalls(mock).length;
    fireEvent.click(screen.getByRole('button', { name: /^Toewijzen aan… \(Tegelwerk, Den Haag, dinsdag 24 november\)/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Piet Bakker']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Piet Bakker' }));
    await waitFor(() => expect(mock.callsTo(`/api/v1/klussen/${OPEN_DH}/assign`, 'POST')).toHaveLength(1));
    expect(mock.callsTo(`/api/v1/klussen/${OPEN_DH}/assign`, 'POST')[0]?.body).toEqual({ klusser_id: PIET });
    expect(await screen.findByText('Klusser toegewezen vanuit pool - werkbon aangemaakt')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Klus toegewezen aan Piet Bakker').getAttribute('role')).toBe('status'));
    await waitFor(() => expect(planningCalls(mock).length).toBeGreaterThan(before));
    expect(mock.unexpected).toEqual([]);
  });

  it("admin: dropping an open job on a klusser's row assigns it to that klusser", async () => {
    const mock = start({ [`POST /api/v1/klussen/${OPEN_DH}/assign`]: { body: ASSIGNED } });
    await screen.findAllByRole('button', { name: /^Toewijzen aan…/ });
    const card = openCard('Tegelwerk');
    expect(card.getAttribute('draggable')).toBe('true');
    const transfer = dataTransfer(OPEN_DH);
    fireEvent.dragStart(card, { dataTransfer: transfer });
    expect(transfer.getData('application/x-klusmaat-klus')).toBe(OPEN_DH);
    const piet = rowOf('Piet Bakker');
    fireEvent.dragOver(piet, { dataTransfer: transfer });
    expect(within(piet).getByText('Loslaten om toe te wijzen')).toBeTruthy();
    const before = planningCalls(mock).length;
    fireEvent.drop(piet, { dataTransfer: transfer });
    await waitFor(() => expect(mock.callsTo(`/api/v1/klussen/${OPEN_DH}/assign`, 'POST')).toHaveLength(1));
    expect(mock.callsTo(`/api/v1/klussen/${OPEN_DH}/assign`, 'POST')[0]?.body).toEqual({ klusser_id: PIET });
    expect(within(piet).queryByText('Loslaten om toe te wijzen')).toBeNull();
    expect(await screen.findByText('Klus toegewezen aan Piet Bakker')).toBeTruthy();
    await waitFor(() => expect(planningCalls(mock).length).toBeGreaterThan(before));
  });

  it("shows the server's refusal of a klusser outside the job's region", async () => {
    const mock = start({
      [`POST /api/v1/klussen/${OPEN_DH}/assign`]: {
        status: 422,
        body: { error: { code: 'regio', message: 'Deze klusser werkt niet in de regio van de klus.' } },
      },
    });
    await screen.findAllByRole('button', { name: /^Toewijzen aan…/ });
    const transfer = dataTransfer(OPEN_DH);
    fireEvent.dragStart(openCard('Tegelwerk'), { dataTransfer: transfer });
    fireEvent.drop(rowOf('Jan de Wit'), { dataTransfer: transfer });
    expect(await screen.findByText('Fout bij toewijzen klusser: Deze klusser werkt niet in de regio van de klus.')).toBeTruthy();
    expect(mock.callsTo(`/api/v1/klussen/${OPEN_DH}/assign`, 'POST')[0]?.body).toEqual({ klusser_id: JAN });
    expect(screen.queryByText(/Klus toegewezen aan/)).toBeNull();
  });

  it('franchise: a read-only board of its regions, with cards that open the job page', async () => {
    start({}, 'franchise');
    await screen.findByRole('heading', { level: 2, name: /Week 48/ });
    // Once the user is known, its regions are the choices (and an admin would have its controls).
    await waitFor(() => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Regio' }));
      expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(["Alle regio's", 'Den Haag']);
    });
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(screen.queryAllByRole('button', { name: /Toewijzen aan/ })).toHaveLength(0);
    expect(document.body.querySelectorAll('[draggable="true"]')).toHaveLength(0);
    expect(rowOf('Piet Bakker').getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('link', { name: /woensdag 25 november, 10:00/ }).getAttribute('href')).toBe(`/franchise/klussen/${K_PIET}`);
    expect(screen.getByRole('link', { name: /Tegelwerk/ }).getAttribute('href')).toBe(`/franchise/klussen/${OPEN_DH}`);
  });
  it("pages the klussers: 'Klussers 1–25 van 60', Volgende asks for page 2 and puts it in the URL; a new week starts at page 1", async () => {
    const paged = (pagina: number, monday = '2026-11-23') => ({ body: { data: { ...bord(monday), totaal: 60, pagina } } });
    const mock = start({
      'GET /api/v1/planning': paged(1),
      'GET /api/v1/planning?pagina=2': paged(2),
      'GET /api/v1/planning?week=2026-11-30': paged(1, '2026-11-30'),
    });
    const pager = await screen.findByRole('navigation', { name: 'Klussers van de planning' });
    expect(within(pager).getByText('Klussers 1–25 van 60')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Vorige' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Volgende' }));
    await waitFor(() => expect(planningCalls(mock).at(-1)?.query.get('pagina')).toBe('2'));
    expect(screen.getByTestId('adres').textContent).toBe('?pagina=2');
    expect(await screen.findByText('Klussers 26–50 van 60')).toBeTruthy();
    await screen.findByRole('rowheader', { name: /Piet Bakker/ });
    fireEvent.click(screen.getByRole('button', { name: 'Volgende week' }));
    await waitFor(() => expect(planningCalls(mock).at(-1)?.query.get('week')).toBe('2026-11-30'));
    expect(planningCalls(mock).at(-1)?.query.has('pagina')).toBe(false);
    expect(screen.getByTestId('adres').textContent).toBe('');
    expect(await screen.findByText('Klussers 1–25 van 60')).toBeTruthy();
  });

  it('goes to the last page when the page in the URL is past the end, and shows no pager for one page', async () => {
    const mock = start(
      {
        'GET /api/v1/planning?pagina=9': { body: { data: { ...bord(), klussers: [], totaal: 30, pagina: 9 } } },
        'GET /api/v1/planning?pagina=2': { body: { data: { ...bord(), totaal: 30, pagina: 2 } } },
      },
      'admin',
      '?pagina=9',
    );
    await waitFor(() => expect(planningCalls(mock).map((c) => c.query.get('pagina'))).toEqual(['9', '2']));
    await screen.findByRole('rowheader', { name: /Piet Bakker/ });
    expect(screen.getByText('Klussers 26–30 van 30')).toBeTruthy();
    expect(screen.getByTestId('adres').textContent).toBe('?pagina=2');
    expect(screen.queryByText('Geen klussers in deze regio.')).toBeNull();
    cleanup();
    start({});
    await screen.findByRole('rowheader', { name: /Piet Bakker/ });
    expect(screen.queryByRole('navigation', { name: 'Klussers van de planning' })).toBeNull();
  });
});
