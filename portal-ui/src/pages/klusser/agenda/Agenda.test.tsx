import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { API, fact, klus, page, renderKlusser } from '../shared/testKit';
import Agenda from './Agenda';

const PATH = '/klusser/agenda';
const NOTE = 'Graag eerst aanbellen bij de buren, de sleutel ligt daar. Parkeren kan achter het huis.';
const PLANNED = klus({
  status: 'ingepland',
  categorie: { key: 'montage', label: 'Kast ophangen' },
  geplande_start_tijd: '2026-11-24T08:30:00Z',
  planning_changes_count: 1,
  notities: NOTE,
  werkbon_id: 'wb-1',
  klant: { naam: 'Mevrouw Jansen', telefoon: '070 555 12 34', email: '' },
});
const CLAIMED = klus({ status: 'open', categorie: { key: 'overig', label: 'Nog plannen' } });
const MAXED = klus({ status: 'ingepland', categorie: { key: 'overig', label: 'Twee keer verzet' }, planning_changes_count: 2, geplande_start_tijd: '2026-11-25T13:00:00Z' });
const DONE = klus({ status: 'afgerond', categorie: { key: 'overig', label: 'Klaar' }, geschat_tarief_cents: 0 });

function render(routes: Record<string, Responder | Responder[]> = {}, path = PATH) {
  return renderKlusser(path, PATH, <Agenda />, {
    [`GET ${API}/agenda`]: page([PLANNED, CLAIMED, MAXED]),
    [`GET ${API}/support`]: { body: { telefoon: '070 999 88 77' } },
    ...routes,
  });
}
const card = (label: string) => screen.getByRole('heading', { level: 2, name: label }).closest('li')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/klusser/agenda', () => {
  it('shows the own jobs of Te Doen with every line of a card', async () => {
    const { mock } = render();
    await screen.findByRole('heading', { level: 2, name: 'Kast ophangen' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mijn Agenda' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Te Doen' }).getAttribute('aria-selected')).toBe('true');
    expect(mock.callsTo(`${API}/agenda`)[0]?.url).toBe(`${API}/agenda?tab=te-doen&page=1&per_page=25`);

    const planned = card('Kast ophangen');
    expect(within(planned).getByText('Ingepland')).toBeTruthy();
    expect(within(planned).getByText(PLANNED.beschrijving)).toBeTruthy();
    expect(fact(planned, 'Datum')).toBe('dinsdag 24 november 2026');
    expect(fact(planned, 'Tijdvak')).toBe('ochtend (8:00-12:00)');
    expect(fact(planned, 'Adres')).toBe('Herenstraat 1, 2271 AB Voorburg');
    // The exact start on the Dutch wall clock, whatever the phone's zone.
    expect(fact(planned, 'Starttijd')).toBe('dinsdag 24 november 2026 om 09:30');
    expect(within(planned).getByText('Geschat: 1,5u @ €65 = €98')).toBeTruthy();
    expect(within(planned).getByText('Wijzigingen: 1 / 2')).toBeTruthy();
    expect(within(planned).getByRole('link', { name: /^Bekijk Werkbon/ }).getAttribute('href')).toBe(`/klusser/werkbon/${PLANNED.id}`);
    expect(within(planned).getByRole('link', { name: /^Afspraak wijzigen/ }).getAttribute('href')).toBe(
      `/klusser/plan-klus/${PLANNED.id}?wijzig=true`,
    );
  });

  it('previews 50 characters of a note and opens the whole note in a side panel closed with Begrepen', async () => {
    render();
    const user = userEvent.setup();
    const planned = await waitFor(() => card('Kast ophangen'));
    const preview = within(planned).getByRole('button', { name: /^Notities:/ });
    expect(preview.textContent).toBe(`Notities: ${NOTE.slice(0, 50).trimEnd()}…`);
    await user.click(preview);
    const panel = await screen.findByRole('dialog', { name: 'Notities: Kast ophangen' });
    expect(within(panel).getByText(NOTE)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Begrepen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(preview);
  });

  it('shows a short note whole, and no note line without a note', async () => {
    render({ [`GET ${API}/agenda`]: page([{ ...PLANNED, notities: 'Bel even aan.' }, CLAIMED]) });
    const planned = await waitFor(() => card('Kast ophangen'));
    expect(within(planned).getByRole('button', { name: /^Notities:/ }).textContent).toBe('Notities: Bel even aan.');
    expect(within(card('Nog plannen')).queryByRole('button', { name: /^Notities:/ })).toBeNull();
  });

  it('disables the change button after two changes, and offers planning for a claimed job', async () => {
    render();
    await screen.findByRole('heading', { level: 2, name: 'Twee keer verzet' });
    const maxed = card('Twee keer verzet');
    expect(within(maxed).getByText('Wijzigingen: 2 / 2')).toBeTruthy();
    expect(within(maxed).queryByRole('link', { name: /^Afspraak wijzigen/ })).toBeNull();
    expect(within(maxed).getByRole('button', { name: /^Afspraak wijzigen/ }).getAttribute('aria-disabled')).toBe('true');

    const claimed = card('Nog plannen');
    expect(within(claimed).getByText('Open')).toBeTruthy();
    expect(within(claimed).getByRole('link', { name: /^Plan deze klus/ }).getAttribute('href')).toBe(`/klusser/plan-klus/${CLAIMED.id}`);
    expect(within(claimed).queryByRole('link', { name: /^Bekijk Werkbon/ })).toBeNull();
    expect(within(claimed).queryByText(/Wijzigingen/)).toBeNull();
    expect(within(claimed).queryByText(/Afspraak wijzigen/)).toBeNull();
  });

  it('switches tabs by click and by arrow keys, asking the server for each', async () => {
    const { mock } = render({
      [`GET ${API}/agenda?tab=afgerond&page=1&per_page=25`]: page([DONE]),
      [`GET ${API}/agenda?tab=alles&page=1&per_page=25`]: page([PLANNED, DONE]),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Kast ophangen' });
    await user.click(screen.getByRole('tab', { name: 'Afgerond' }));
    const done = await screen.findByRole('heading', { level: 2, name: 'Klaar' });
    expect(within(done.closest('li')!).getByText('Afgerond', { selector: '.klus-badge' })).toBeTruthy();
    // No rate: no estimate line.
    expect(within(done.closest('li')!).queryByText(/^Geschat:/)).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alles' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Kast ophangen' })).toBeTruthy();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('agenda-tab-alles');
    expect(mock.callsTo(`${API}/agenda`).map((c) => c.query.get('tab'))).toEqual(['te-doen', 'afgerond', 'alles']);
  });

  it("points a klusser without any job to the pool: 'Je hebt nog geen geplande klussen'", async () => {
    render({
      [`GET ${API}/agenda?tab=te-doen&page=1&per_page=25`]: page([]),
      [`GET ${API}/agenda?tab=alles&page=1&per_page=1`]: page([], 0),
    });
    expect(await screen.findByText('Je hebt nog geen geplande klussen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk beschikbare klussen' }).getAttribute('href')).toBe('/klusser/beschikbare-klussen');
  });

  it.each([
    ['te-doen', 'Je hebt geen openstaande klussen'],
    ['afgerond', 'Je hebt nog geen afgeronde klussen'],
    ['alles', 'Je hebt nog geen klussen'],
  ])('says what is missing on an empty %s tab', async (tab, message) => {
    render(
      {
        [`GET ${API}/agenda?tab=${tab}&page=1&per_page=25`]: page([]),
        [`GET ${API}/agenda?tab=alles&page=1&per_page=1`]: page([DONE], 4),
      },
      tab === 'te-doen' ? PATH : `${PATH}?tab=${tab}`,
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Je hebt nog geen geplande klussen')).toBeNull();
  });

  it("dials the klusser's support number from 'Bel Support', or the site's number when it cannot be loaded", async () => {
    render();
    const call = await screen.findByRole('link', { name: /^Bel Support/ });
    await waitFor(() => expect(call.getAttribute('href')).toBe('tel:0709998877'));
    cleanup();
    render({ [`GET ${API}/support`]: { status: 500 } });
    const fallback = await screen.findByRole('link', { name: /^Bel Support/ });
    expect(fallback.getAttribute('href')).toBe('tel:0701234567');
  });
  it('shows the fixed price of an accepted quote instead of the estimate line (D26)', async () => {
    const VAST = klus({ status: 'ingepland', categorie: { key: 'overig', label: 'Vaste prijs klus' }, geplande_start_tijd: '2026-11-24T08:30:00Z', vaste_prijs_cents: 21236 });
    render({ [`GET ${API}/agenda`]: page([VAST, CLAIMED]) });
    const vast = (await screen.findByRole('heading', { level: 2, name: 'Vaste prijs klus' })).closest('li')!;
    // What the customer pays, said as such, and apart from it what the klusser earns (D33).
    expect(fact(vast, 'Klant betaalt')).toBe('€ 212,36 (vaste prijs, incl. btw)');
    expect(fact(vast, 'Jouw verdienste')).toBe('€ 35 per gewerkt uur');
    expect(within(vast).queryByText(/^Geschat:/)).toBeNull();
    expect(within(card('Nog plannen')).getByText('Geschat: 1,5u @ €65 = €98')).toBeTruthy();
  });
});
