import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, getToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { API, fact, FakeEventSource, installFakeEventSource, klus, klusser, page, renderKlusser } from '../shared/testKit';
import BeschikbareKlussen from './BeschikbareKlussen';

const PATH = '/klusser/beschikbare-klussen';
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
const card = (label: string) => screen.getByRole('heading', { level: 2, name: label }).closest('li')!;

const KAST = klus({ categorie: { key: 'montage', label: 'Kast ophangen' }, datum: '2026-11-24', tijd: 'ochtend' });
const LAMP = klus({
  categorie: { key: 'elektra', label: 'Lamp aansluiten' },
  beschrijving: 'Een nieuwe lamp in de gang',
  datum: '2026-11-26',
  tijd: 'avond',
  adres: 'Dorpsstraat 8',
  postcode: '2242 AA',
  woonplaats: 'Wassenaar',
  geschat_tarief_cents: 6550,
  geschatte_duur: 1,
  geschatte_verdienste_euros: 66,
});

function render(routes: Parameters<typeof renderKlusser>[3] = {}, who = klusser()) {
  return renderKlusser(PATH, PATH, <BeschikbareKlussen />, { [`GET ${API}/pool`]: page([KAST, LAMP]), ...routes }, who);
}

beforeEach(() => installFakeEventSource());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('/klusser/beschikbare-klussen', () => {
  it('lists the pool with its count and every line of a card', async () => {
    const { mock } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschikbare Klussen' })).toBeTruthy();
    expect((await screen.findByText('2 beschikbare klussen')).getAttribute('role')).toBe('status');
    const lamp = card('Lamp aansluiten');
    expect(text(lamp.querySelector('.klus-earnings')!)).toBe('Geschatte verdienste € 66');
    expect(text(lamp)).toContain('Een nieuwe lamp in de gang');
    expect(fact(lamp, 'Datum')).toBe('donderdag 26 november 2026');
    expect(fact(lamp, 'Tijd')).toBe('avond (17:00-20:00)');
    expect(fact(lamp, 'Plaats')).toBe('Wassenaar');
    expect(fact(lamp, 'Tarief')).toBe('€65,50 per uur');
    expect(fact(lamp, 'Geschatte duur')).toBe('1 uur');
    expect(fact(lamp, 'Adres')).toBe('Dorpsstraat 8, 2242 AA Wassenaar');
    expect(fact(card('Kast ophangen'), 'Geschatte duur')).toBe('1,5 uur');
    // Ordered as the server sends them (by date); the list asks for one page (D25).
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Kast ophangen', 'Lamp aansluiten']);
    expect(mock.callsTo(`${API}/pool`)[0]?.url).toBe(`${API}/pool?page=1&per_page=25`);
  });

  it("says 'Momenteel geen beschikbare klussen in jouw regio' when the pool is empty", async () => {
    render({ [`GET ${API}/pool`]: page([]) });
    expect(await screen.findByText('Momenteel geen beschikbare klussen in jouw regio')).toBeTruthy();
    expect(screen.getByText('0 beschikbare klussen')).toBeTruthy();
  });

  it("shows 'Geen regio ingesteld' to a klusser without a region, without asking for the pool", async () => {
    const { mock } = render({}, klusser({ regions: [] }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Geen regio ingesteld' })).toBeTruthy();
    expect(screen.getByText('Je moet een regio hebben om klussen te kunnen zien')).toBeTruthy();
    expect(mock.callsTo(`${API}/pool`)).toHaveLength(0);
  });

  it('opens the details with the customer contact links, the long date and the notes', async () => {
    const detail = {
      ...LAMP,
      notities: 'Sleutel ligt bij de buren op nummer 10.',
      klant: { naam: 'Mevrouw Jansen', telefoon: '070 555 12 34', email: 'jansen@example.nl' },
    };
    render({ [`GET ${API}/klussen/${LAMP.id}`]: { body: detail } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Details: Lamp aansluiten/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lamp aansluiten' });
    await within(dialog).findByText('Mevrouw Jansen');
    expect(within(dialog).getByRole('link', { name: '070 555 12 34' }).getAttribute('href')).toBe('tel:0705551234');
    expect(within(dialog).getByRole('link', { name: 'jansen@example.nl' }).getAttribute('href')).toBe('mailto:jansen@example.nl');
    expect(fact(dialog, 'Datum')).toBe('donderdag 26 november 2026');
    expect(fact(dialog, 'Geschatte verdienste')).toBe('€ 66');
    expect(fact(dialog, 'Notities')).toBe('Sleutel ligt bij de buren op nummer 10.');
    expect(within(dialog).getByRole('button', { name: 'Pak deze klus' })).toBeTruthy();
  });

  it("shows 'Niet beschikbaar' when the customer left neither name nor e-mail", async () => {
    render({ [`GET ${API}/klussen/${KAST.id}`]: { body: { ...KAST, klant: { naam: '', telefoon: '070 1', email: '' } } } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Details: Kast ophangen/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Klant');
    expect(fact(dialog, 'Naam')).toBe('Niet beschikbaar');
    expect(fact(dialog, 'E-mail')).toBe('Niet beschikbaar');
  });

  it("claims a job: 'Klus gereserveerd!', then on to planning it", async () => {
    const { mock } = render({ [`POST ${API}/klussen/${LAMP.id}/claim`]: { body: { ...LAMP, klant: { naam: 'X', telefoon: '', email: '' } } } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pak deze klus: Lamp aansluiten/ }));
    expect(await screen.findByRole('heading', { name: `Pagina /klusser/plan-klus/${LAMP.id}` })).toBeTruthy();
    expect(getToasts().map((t) => [t.message, t.kind])).toEqual([
      ['Klus gereserveerd! Plan nu wanneer je de klus gaat uitvoeren.', 'success'],
    ]);
    const [claim] = mock.callsTo(`${API}/klussen/${LAMP.id}/claim`, 'POST');
    expect(claim?.headers.get('X-Klusmaat-CSRF')).toBe('1');
  });

  it("shows the server's message when another klusser was first, and takes the job off the list", async () => {
    const taken = { status: 409, body: { error: { code: 'already_claimed', message: 'Deze klus is net door een andere klusser opgepakt.' } } };
    const { mock } = render({
      [`GET ${API}/pool`]: [page([KAST, LAMP]), page([LAMP])],
      [`POST ${API}/klussen/${KAST.id}/claim`]: taken,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pak deze klus: Kast ophangen/ }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Kast ophangen' })).toBeNull());
    expect(getToasts().map((t) => [t.message, t.kind])).toEqual([['Deze klus is net door een andere klusser opgepakt.', 'error']]);
    expect(screen.getByText('1 beschikbare klus')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Lamp aansluiten' })).toBeTruthy();
    await waitFor(() => expect(mock.callsTo(`${API}/pool`)).toHaveLength(2));
    // Focus does not fall back to the top of the page: it lands on the count.
    expect(document.activeElement?.textContent).toBe('1 beschikbare klus');
  });

  it('says a job claimed on the klusser\'s other phone is already its own, and goes to it (issue 39)', async () => {
    const mine = { status: 409, body: { error: { code: 'already_yours', message: 'Je hebt deze klus al opgepakt, bijvoorbeeld op je andere telefoon. Hij staat in je agenda.' } } };
    render({ [`POST ${API}/klussen/${KAST.id}/claim`]: mine });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pak deze klus: Kast ophangen/ }));
    expect(await screen.findByRole('heading', { name: `Pagina /klusser/plan-klus/${KAST.id}` })).toBeTruthy();
    expect(getToasts().map((t) => [t.message, t.kind])).toEqual([
      ['Je hebt deze klus al opgepakt, bijvoorbeeld op je andere telefoon. Hij staat in je agenda.', 'info'],
    ]);
    expect(getToasts().some((t) => t.message.includes('andere klusser'))).toBe(false);
  });

  it('claims from the details dialog too, and closes it when the job is gone', async () => {
    render({
      [`GET ${API}/klussen/${KAST.id}`]: { body: { ...KAST, klant: { naam: 'A', telefoon: '', email: '' } } },
      [`POST ${API}/klussen/${KAST.id}/claim`]: { status: 409, body: { error: { code: 'already_claimed', message: 'Net weg.' } } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Details: Kast ophangen/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pak deze klus' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToasts().map((t) => t.message)).toEqual(['Net weg.']);
  });

  it("says 'Er ging iets mis bij het oppakken van de klus' when the claim fails otherwise, and keeps the job", async () => {
    render({ [`POST ${API}/klussen/${KAST.id}/claim`]: { status: 500 } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Pak deze klus: Kast ophangen/ }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toEqual(['Er ging iets mis bij het oppakken van de klus']));
    expect(screen.getByRole('heading', { level: 2, name: 'Kast ophangen' })).toBeTruthy();
  });

  it('follows the live stream: a job that enters or leaves the pool refetches the list without a reload', async () => {
    const NIEUW = klus({ categorie: { key: 'overig', label: 'Nieuwe klus' } });
    const { mock } = render({ [`GET ${API}/pool`]: [page([KAST, LAMP]), page([LAMP, NIEUW])] });
    await screen.findByText('2 beschikbare klussen');
    expect(FakeEventSource.last.url).toBe('/api/v1/events');
    // Not about the pool (another klusser's direct job is never streamed, an own one is): ignored.
    act(() => FakeEventSource.last.emit('klus', { id: 1, klus_id: 'elders', op: 'UPDATE', regio: 'den-haag', status: 'ingepland', assignment_type: 'direct', klusser_id: 'x' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(mock.callsTo(`${API}/pool`)).toHaveLength(1);
    act(() => FakeEventSource.last.emit('klus', { id: 2, klus_id: KAST.id, op: 'UPDATE', regio: 'den-haag', status: 'open', assignment_type: 'pool', klusser_id: 'someone-else' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nieuwe klus' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Kast ophangen' })).toBeNull();
    expect(mock.callsTo(`${API}/pool`)).toHaveLength(2);
  });

  it('loads the next page on request', async () => {
    const more = klus({ categorie: { key: 'overig', label: 'Derde klus' } });
    const { mock } = render({
      [`GET ${API}/pool?page=1&per_page=25`]: page([KAST, LAMP], 3),
      [`GET ${API}/pool?page=2&per_page=25`]: page([more], 3),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Meer klussen laden' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Derde klus' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Meer klussen laden' })).toBeNull();
    expect(mock.callsTo(`${API}/pool`)).toHaveLength(2);
  });

  it("says 'Kon klussen niet laden' when the pool cannot be loaded", async () => {
    render({ [`GET ${API}/pool`]: { status: 500 } });
    expect(await screen.findByText('Kon klussen niet laden')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
  });
  it('shows what the customer pays for an accepted quote as the customer\'s price, and the klusser\'s own earnings, on the card and in the details (D26, D33)', async () => {
    const VAST = klus({ categorie: { key: 'overig', label: 'Deur afhangen' }, vaste_prijs_cents: 21236 });
    render({
      [`GET ${API}/pool`]: page([VAST, LAMP]),
      [`GET ${API}/klussen/${VAST.id}`]: { body: { ...VAST, klant: { naam: 'Mevrouw Jansen', telefoon: '', email: '' } } },
    });
    const vast = (await screen.findByRole('heading', { level: 2, name: 'Deur afhangen' })).closest('li')!;
    // Not 'Vaste prijs € 212,36' alone, which a klusser could read as its pay (issue 39).
    expect(fact(vast, 'Klant betaalt')).toBe('€ 212,36 (vaste prijs, incl. btw)');
    expect(text(vast.querySelector('.klus-earnings')!)).toBe('Jouw verdienste € 35 per gewerkt uur');
    for (const estimate of ['Geschatte verdienste', 'Tarief', 'Geschatte duur']) expect(text(vast)).not.toContain(estimate);
    // A job without an accepted quote keeps its estimate.
    expect(text(card('Lamp aansluiten').querySelector('.klus-earnings')!)).toBe('Geschatte verdienste € 66');
    expect(text(card('Lamp aansluiten'))).not.toContain('Vaste prijs');

    await userEvent.setup().click(screen.getByRole('button', { name: /^Details: Deur afhangen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deur afhangen' });
    await within(dialog).findByText('Mevrouw Jansen');
    expect(fact(dialog, 'Klant betaalt')).toBe('€ 212,36 (vaste prijs, incl. btw)');
    expect(fact(dialog, 'Jouw verdienste')).toBe('€ 35 per gewerkt uur');
    for (const estimate of ['Geschatte verdienste', 'Tarief', 'Duur']) expect(within(dialog).queryByText(estimate, { selector: 'dt' })).toBeNull();
  });
});
