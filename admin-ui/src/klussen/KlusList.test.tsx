import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { werkbonDetail } from '../werkbonnen/testFixtures';
import { ID, klus, rij } from './testFixtures';

const COUNTS = { body: { data: { open: 3, ingepland: 2, bezig: 1, afgerond: 4, totaal: 10 } } };

function start(path: string, api: Record<string, Responder | Responder[]> = {}, role = 'admin') {
  return startConsole(
    path,
    {
      'GET /api/v1/klussen': { body: { data: [rij()], total: 1 } },
      'GET /api/v1/klussen/counts': COUNTS,
      'GET /api/v1/events': { status: 204 },
      ...api,
    },
    role,
  );
}

afterEach(() => {
  // react-admin keeps a list's filters in its store (localStorage): each test starts without.
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

const listCalls = (mock: ReturnType<typeof start>) => mock.calls.filter((c) => c.path === '/api/v1/klussen' && c.method === 'GET');

describe('Klussen Beheer', () => {
  it('shows the spec columns, the counts per status, and a card sets the status filter', async () => {
    const mock = start('/admin/klussen');
    const row = (await screen.findByText('Lamp ophangen')).closest('tr') as HTMLElement;
    expect(within(row).getByText('26-11-2026')).toBeTruthy();
    expect(within(row).getByText('€ 98')).toBeTruthy();
    expect(within(row).getByText('1,5 u × € 65')).toBeTruthy();
    expect(within(row).getByTitle('Heeft notities voor de klusser')).toBeTruthy();
    expect(within(row).getByText('In pool')).toBeTruthy();
    const open = await screen.findByTestId('card-open');
    await waitFor(() => expect(open.textContent).toBe('Open3'));
    expect(screen.getByTestId('card-totaal').textContent).toBe('Totaal10');

    fireEvent.click(open);
    await waitFor(() => expect(listCalls(mock).at(-1)?.query.getAll('status')).toEqual(['open']));
    // The cards follow the other filters, never their own status.
    expect(mock.calls.filter((c) => c.path === '/api/v1/klussen/counts').every((c) => !c.query.has('status'))).toBe(true);
  });

  it('shows the fixed price of an accepted quote instead of the hourly estimate, in the row and in the details', async () => {
    const vaste_prijs = { offerte: 'O2026-0007', versie: 2, excl_cents: 22130, incl_cents: 26777 };
    start(`/admin/klussen?klus=${ID}`, {
      'GET /api/v1/klussen': { body: { data: [rij({ vaste_prijs, geschatte_duur: 1 })], total: 1 } },
      [`GET /api/v1/klussen/${ID}`]: { body: { data: klus({ vaste_prijs, geschatte_duur: 1 }) } },
      [`GET /api/v1/klussen/${ID}/contacten`]: { body: { data: [], total: 0 } },
      [`GET /api/v1/klussen/${ID}/schouw`]: { body: { data: null } },
      [`GET /api/v1/klussen/${ID}/offerte`]: { body: { data: null } },
      'GET /api/v1/klussen/klussers': { body: { data: [], total: 0 } },
    });
    const dialog = await screen.findByRole('dialog');
    const details = (await within(dialog).findByText('Vaste prijs')).parentElement as HTMLElement;
    expect(details.textContent?.replace(/\s/g, ' ')).toContain('€ 221,30 excl. btw (€ 267,77 incl. btw), de vaste prijs uit de geaccepteerde offerte O2026-0007, versie 2');
    expect(within(dialog).queryByText('Schatting')).toBeNull();
    expect(dialog.textContent).not.toContain('1 u × € 65');
    const row = (await screen.findByText('Lamp ophangen', { selector: 'td span' })).closest('tr') as HTMLElement;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('€ 221,30vaste prijs, offerte versie 2');
    expect(row.textContent).not.toContain('u × € 65');
  });

  it("opens the job of ?klus= (a dashboard's link to one request) in its dialog, with its contact log", async () => {
    start(`/admin/klussen?klus=${ID}&terugbellen=te_laat`, {
      [`GET /api/v1/klussen/${ID}`]: { body: { data: klus() } },
      [`GET /api/v1/klussen/${ID}/contacten`]: { body: { data: [], total: 0 } },
      [`GET /api/v1/klussen/${ID}/schouw`]: { body: { data: null } },
      [`GET /api/v1/klussen/${ID}/offerte`]: { body: { data: null } },
      'GET /api/v1/klussen': { body: { data: [rij({ terugbellen_te_laat: true })], total: 1 } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nog geen contact vastgelegd.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Contact vastleggen' })).toBeTruthy();
    expect(await within(dialog).findByRole('button', { name: 'Schouw plannen' })).toBeTruthy();
    const row = (await screen.findByText('Lamp ophangen', { selector: 'td span' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nog niet teruggebeld')).toBeTruthy();
  });

  it('takes ?status= and ?woonplaats= from a dashboard link as filters', async () => {
    const mock = start('/admin/klussen?status=bezig&woonplaats=Delft');
    await waitFor(() => {
      const q = listCalls(mock).at(-1)?.query;
      expect([q?.get('status'), q?.get('woonplaats')]).toEqual(['bezig', 'Delft']);
    });
    const counts = mock.calls.filter((c) => c.path === '/api/v1/klussen/counts').at(-1);
    expect(counts?.query.get('woonplaats')).toBe('Delft');
    // Filtered from the very first request: never every job first.
    expect(listCalls(mock).map((c) => [c.query.get('status'), c.query.get('woonplaats')])).toEqual(listCalls(mock).map(() => ['bezig', 'Delft']));
    expect(mock.calls.filter((c) => c.path === '/api/v1/klussen/counts').every((c) => c.query.get('woonplaats') === 'Delft')).toBe(true);
    // The filters are shown, to be seen and cleared.
    expect(((await screen.findByLabelText('Woonplaats')) as HTMLInputElement).value).toBe('Delft');
  });

  it('lists the overdue call-backs of the dashboard oldest request first, from the first request', async () => {
    const mock = start('/admin/klussen?terugbellen=te_laat&sort=created_at&order=ASC');
    await screen.findByText('Lamp ophangen', { selector: 'td span' });
    expect(listCalls(mock).length).toBeGreaterThan(0);
    for (const c of listCalls(mock)) expect([c.query.get('terugbellen'), c.query.get('sort'), c.query.get('order')]).toEqual(['te_laat', 'created_at', 'asc']);
  });

  it('says which kind of empty it is', async () => {
    start('/admin/klussen?status=bezig', { 'GET /api/v1/klussen': { body: { data: [], total: 0 } } });
    expect(await screen.findByText('Geen klussen gevonden met deze filters')).toBeTruthy();
  });

  it('sets a status from the row dropdown and shows the server message', async () => {
    const mock = start('/admin/klussen', {
      [`POST /api/v1/klussen/${ID}/status`]: { body: { data: klus({ status: 'bezig' }), message: 'Status bijgewerkt' } },
    });
    const select = await screen.findByRole('combobox', { name: 'Status van Lamp ophangen' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Bezig' }));
    expect(await screen.findByText('Status bijgewerkt')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'bezig' });
  });

  it('archives only after the confirmation', async () => {
    const mock = start('/admin/klussen', {
      [`POST /api/v1/klussen/${ID}/archive`]: { body: { data: klus({ archived: true }), message: 'Klus gearchiveerd' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Archiveren: Lamp ophangen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klus archiveren?' });
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archiveren' }));
    expect(await screen.findByText('Klus gearchiveerd')).toBeTruthy();
  });

  it('shows a franchise owner the jobs without any way to change them', async () => {
    start('/franchise/klussen', {}, 'franchise');
    await screen.findByText('Lamp ophangen');
    expect(screen.queryByRole('button', { name: 'Nieuwe klus' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status van Lamp ophangen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verwijderen: Lamp ophangen' })).toBeNull();
  });
});

describe('the create dialog', () => {
  it('checks the required fields before sending anything', async () => {
    const mock = start('/admin/klussen?nieuw=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klus' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klus aanmaken' }));
    await waitFor(() => expect(within(dialog).getAllByText('Vul alle verplichte velden in').length).toBeGreaterThan(5));
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    expect((within(dialog).getByLabelText('Uurtarief (€)') as HTMLInputElement).value).toBe('65');
    expect((within(dialog).getByLabelText('Geschatte duur (uren)') as HTMLInputElement).value).toBe('1');
  });

  it('sends only the fields of the API, money in cents, and shows the server field errors with the input kept', async () => {
    const mock = start('/admin/klussen?nieuw=1', {
      'POST /api/v1/klussen': {
        status: 400,
        body: {
          error: {
            code: 'invalid_klus',
            message: 'Vul een geldige postcode in, bijvoorbeeld 2271 AB.',
            fields: { postcode: 'Vul een geldige postcode in, bijvoorbeeld 2271 AB.' },
          },
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klus' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });
    fill('Datum', '2026-11-26');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Tijd/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Middag (12:00 - 17:00)' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Categorie/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Elektra' }));
    fill('Omschrijving', 'Lamp ophangen');
    fill('Voornaam', 'Greet');
    fill('Achternaam', 'de Vries');
    fill('Adres', 'Herenstraat 12');
    fill('Postcode', '12');
    fill('Woonplaats', 'Voorburg');
    fill('Telefoon', '070 123 45 67');
    fill('Uurtarief (€)', '70');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klus aanmaken' }));

    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      datum: '2026-11-26',
      tijd: 'middag',
      categorie: 'elektra',
      beschrijving: 'Lamp ophangen',
      klant_voornaam: 'Greet',
      klant_achternaam: 'de Vries',
      adres: 'Herenstraat 12',
      postcode: '12',
      woonplaats: 'Voorburg',
      telefoon: '070 123 45 67',
      email: '',
      geschat_tarief_cents: 7000,
      geschatte_duur: 1,
      klusser_notities: '',
      toewijzing: 'pool',
    });
    expect(await within(dialog).findByText('Fout bij aanmaken klus: Vul een geldige postcode in, bijvoorbeeld 2271 AB.')).toBeTruthy();
    const postcode = within(dialog).getByLabelText('Postcode', { exact: false }) as HTMLInputElement;
    expect(postcode.value).toBe('12');
    await waitFor(() => expect(postcode.getAttribute('aria-invalid')).toBe('true'));
  });

  it('refuses a rate that is not a step of 5 euro', async () => {
    const mock = start('/admin/klussen?nieuw=1');
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klus' });
    fireEvent.change(within(dialog).getByLabelText('Uurtarief (€)'), { target: { value: '62' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klus aanmaken' }));
    expect(await within(dialog).findByText('Het uurtarief is minimaal € 0, in stappen van € 5 (hoogstens € 1.000).')).toBeTruthy();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('the edit dialog', () => {
  it('opens with the job, and sends its fields without the assignment, the region kept', async () => {
    const mock = start('/admin/klussen', {
      [`GET /api/v1/klussen/${ID}`]: { body: { data: klus() } },
      [`PUT /api/v1/klussen/${ID}`]: { body: { data: klus({ geschatte_duur: 2 }), message: 'Klus bijgewerkt' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bewerken: Lamp ophangen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klus bewerken' });
    expect((within(dialog).getByLabelText(/^Omschrijving/) as HTMLInputElement).value).toBe('Lamp ophangen');
    expect(within(dialog).queryByText('Hoe wordt de klus toegewezen?')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Geschatte duur (uren)'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Klus bijgewerkt')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      datum: '2026-11-26',
      tijd: '10:00',
      categorie: 'elektra',
      beschrijving: 'Lamp ophangen',
      klant_voornaam: 'Greet',
      klant_achternaam: 'de Vries',
      adres: 'Herenstraat 12',
      postcode: '2271 AB',
      woonplaats: 'Voorburg',
      telefoon: '070 123 45 67',
      email: 'greet@example.nl',
      regio: 'den-haag',
      geschat_tarief_cents: 6500,
      geschatte_duur: 2,
      klusser_notities: 'Sleutel bij de buren',
    });
  });
});

describe('the detail dialog', () => {
  it('assigns a klusser of the job region and places a job in the pool with the warning', async () => {
    const mock = start('/admin/klussen', {
      [`GET /api/v1/klussen/${ID}`]: { body: { data: klus() } },
      'GET /api/v1/klussen/klussers': {
        body: { data: [{ id: 'k1', naam: 'Piet Bakker', woonplaats: 'Voorburg', regio: ['den-haag'], telefoon: '' }], total: 1 },
      },
      [`POST /api/v1/klussen/${ID}/assign`]: {
        body: { data: klus({ status: 'ingepland', klusser_id: 'k1', klusser: 'Piet Bakker' }), message: 'Klusser toegewezen vanuit pool - werkbon aangemaakt' },
      },
      [`POST /api/v1/klussen/${ID}/pool`]: {
        body: {
          data: klus(),
          message: 'Klus in pool geplaatst - klussers in Den Haag zijn genotificeerd',
          genotificeerd: 0,
          waarschuwing: 'De klus staat in de pool, maar er konden geen klussers worden genotificeerd: Den Haag heeft geen actieve klussers.',
        },
      },
    });
    fireEvent.click(await screen.findByText('Lamp ophangen'));
    const dialog = await screen.findByRole('dialog', { name: 'Klusdetails' });
    expect(await within(dialog).findByText('Sleutel bij de buren')).toBeTruthy();
    expect(mock.calls.find((c) => c.path === '/api/v1/klussen/klussers')?.query.get('regio')).toBe('den-haag');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Klusser uit Den Haag' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Piet Bakker (Voorburg)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Direct toewijzen' }));
    expect(await screen.findByText('Klusser toegewezen vanuit pool - werkbon aangemaakt')).toBeTruthy();
    expect(mock.calls.find((c) => c.path.endsWith('/assign'))?.body).toEqual({ klusser_id: 'k1' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'In pool plaatsen' }));
    expect(await screen.findByText(/Den Haag heeft geen actieve klussers/)).toBeTruthy();
  });

  it('shows a finished job as WERKBON GESLOTEN with its work order and invoice, and no reassignment', async () => {
    start('/admin/klussen', {
      [`GET /api/v1/klussen/${ID}`]: {
        body: {
          data: klus({
            status: 'afgerond',
            werkbon_gesloten: true,
            werkbon: { id: 'w1', status: 'completed', ondertekend: true, uren: 2 },
            factuur: { id: 'f1', factuurnummer: '2026-0007', datum: '2026-11-26', totaal_bedrag_cents: 16940, betaal_methode: 'pin', betaald: true },
          }),
        },
      },
      'GET /api/v1/werkbonnen/w1': { body: { data: werkbonDetail() } },
    });
    fireEvent.click(await screen.findByText('Lamp ophangen'));
    const dialog = await screen.findByRole('dialog', { name: 'Klusdetails' });
    expect(await within(dialog).findByText('WERKBON GESLOTEN')).toBeTruthy();
    expect(await within(dialog).findByText('Lampsnoer')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Foto na de klus' }).getAttribute('src')).toBe('/api/v1/werkbon-fotos/p1');
    expect(within(dialog).getByRole('img', { name: 'Handtekening van de klant' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Factuur openen (PDF)' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
    expect(within(dialog).queryByRole('button', { name: 'Direct toewijzen' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'In pool plaatsen' })).toBeNull();
  });
});
