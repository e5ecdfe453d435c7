import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';

const JAN = {
  id: 'jan+test@example.nl',
  email: 'jan+test@example.nl',
  naam: 'jan+test',
  telefoon: '070 123 45 67',
  woonplaats: 'Voorburg',
  aantal_klussen: 3,
  laatste_klus: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
};

function start(path: string, api: Record<string, Responder | Responder[]> = {}) {
  return startConsole(path, { 'GET /api/v1/klanten': { body: { data: [JAN], total: 1 } }, ...api });
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Klantbeheer', () => {
  it('lists customers with the total, relative time and a search sent to the server', async () => {
    const mock = start('/admin/klanten');
    const row = (await screen.findByText('jan+test@example.nl')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3 dagen geleden')).toBeTruthy();
    expect(screen.getByTestId('klanten-totaal').textContent).toBe('1 klant');
    expect(mock.calls.find((c) => c.path === '/api/v1/klanten')?.query.get('sort')).toBe('laatste_klus');
    fireEvent.change(screen.getByLabelText('Zoeken op e-mail, telefoon of woonplaats'), { target: { value: 'voorburg' } });
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/klanten').at(-1)?.query.get('q')).toBe('voorburg'));
  });

  it('deletes a customer only after the irreversible warning, and shows how many jobs went', async () => {
    const mock = start('/admin/klanten', {
      'DELETE /api/v1/klanten/jan%2Btest%40example.nl': {
        body: { data: { id: JAN.email, verwijderde_klussen: 3 }, message: 'Klant en 3 klussen verwijderd' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acties voor jan+test@example.nl' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klant jan+test@example.nl verwijderen?' });
    expect(dialog.textContent).toContain('Dit kan niet ongedaan worden gemaakt.');
    expect(mock.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant verwijderen' }));
    expect(await screen.findByText('Klant en 3 klussen verwijderd')).toBeTruthy();
  });

  it('creates a customer without an address: e-mail, phone and town are all section 5 asks', async () => {
    const mock = start('/admin/klanten', { 'POST /api/v1/klanten': { status: 201, body: { data: {}, message: 'Klant aangemaakt' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe Klant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe Klant' });
    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fill('E-mailadres', 'zonder.adres@example.nl');
    fill('Telefoon', '06 1234 5678');
    fill('Woonplaats', 'Voorburg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'zonder.adres@example.nl', telefoon: '06 1234 5678', woonplaats: 'Voorburg', adres: '', postcode: '',
    }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nieuwe Klant' })).toBeNull());
  }, 25000);

  it('creates a customer with a first job and shows the server field errors with input kept', async () => {
    const mock = start('/admin/klanten', {
      'POST /api/v1/klanten': [
        { status: 400, body: { error: { code: 'invalid_klant', message: 'Vul een geldige datum in.', fields: { 'klus.datum': 'Vul een geldige datum in.' } } } },
        { status: 201, body: { data: {}, message: 'Klant aangemaakt met klus' } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe Klant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe Klant' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    // Section 5: e-mail, phone and town; address and postcode are not required.
    await waitFor(() => expect(within(dialog).getAllByText('Vul alle verplichte velden in')).toHaveLength(3));
    for (const label of ['Adres (niet verplicht)', 'Postcode (niet verplicht)']) {
      expect(within(dialog).getByLabelText(label).getAttribute('aria-invalid')).not.toBe('true');
    }
    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fill('E-mailadres', 'nieuw@example.nl');
    fill('Telefoon', '070 123 45 67');
    fill('Adres', 'Herenstraat 12');
    fill('Postcode', '2271 AB');
    fill('Woonplaats', 'Voorburg');
    fireEvent.click(within(dialog).getByLabelText('Ook een klus aanmaken'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(within(dialog).getAllByText('Vul alle klus gegevens in')).toHaveLength(4));
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);

    fill('Datum', '2026-11-30');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Tijd/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ochtend (08:00 - 12:00)' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Categorie/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tuinonderhoud' }));
    fill('Omschrijving', 'Heg knippen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    expect(await within(dialog).findByText('Fout bij aanmaken klant: Vul een geldige datum in.')).toBeTruthy();
    expect((within(dialog).getByLabelText('E-mailadres', { exact: false }) as HTMLInputElement).value).toBe('nieuw@example.nl');
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'nieuw@example.nl',
      telefoon: '070 123 45 67',
      woonplaats: 'Voorburg',
      adres: 'Herenstraat 12',
      postcode: '2271 AB',
      klus: { datum: '2026-11-30', tijd: 'ochtend', categorie: 'tuinonderhoud', beschrijving: 'Heg knippen' },
    });

    // A corrected date is sent again (the server's mark goes when the field changes).
    fill('Datum', '2026-12-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nieuwe Klant' })).toBeNull());
    // react-admin shows its toasts one after another: first those of the two refused attempts.
    expect(await screen.findByText('Klant aangemaakt met klus')).toBeTruthy();
  }, 25000);
});

describe('the customer card', () => {
  const KLANT = {
    ...JAN,
    adres: 'Herenstraat 12',
    postcode: '2271 AB',
    klant_voornaam: 'Jan',
    klant_achternaam: 'Jansen',
    eerste_klus: '2026-01-01T10:00:00Z',
    per_status: { open: 1, ingepland: 1, bezig: 0, afgerond: 1 },
    gemiddelde_tevredenheid: 4.5,
    aantal_facturen: 1,
    openstaand_cents: 16940,
  };
  const CARD = '/api/v1/klanten/jan%2Btest%40example.nl';

  it('shows Klant niet gevonden with a way back', async () => {
    start('/admin/klanten/onbekend%40example.nl', {
      'GET /api/v1/klanten/onbekend%40example.nl': { status: 404, body: { error: { code: 'klant_not_found', message: 'Klant niet gevonden' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Klant niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar klanten' }).getAttribute('href')).toBe('/admin/klanten');
  });

  it('has the overview, the history with its status filter, the invoices with badges and the reviews', async () => {
    const mock = start('/admin/klanten/jan%2Btest%40example.nl', {
      [`GET ${CARD}`]: { body: { data: KLANT } },
      [`GET ${CARD}/klussen`]: { body: { data: [{ id: 'k1', datum: '2026-11-26', tijd: 'ochtend', categorie: 'Elektra', beschrijving: 'Lamp', status: 'afgerond', klusser: 'Piet Bakker' }], total: 1 } },
      [`GET ${CARD}/facturen`]: {
        body: {
          data: [
            { id: 'f1', factuurnummer: '2026-0007', datum: '2026-11-26', omschrijving: 'Lamp', uren: 2, uurtarief_cents: 6500, materiaal_cents: 1250, subtotaal_cents: 14250, btw_bedrag_cents: 2993, totaal_bedrag_cents: 17243, betaal_methode: null, betaald: false, credit_van: null, gecrediteerd_door: null },
            { id: 'f2', factuurnummer: '2026-0008', datum: '2026-11-26', omschrijving: 'Kraan', uren: 1, uurtarief_cents: 6500, materiaal_cents: 0, subtotaal_cents: 6500, btw_bedrag_cents: 1365, totaal_bedrag_cents: 7865, betaal_methode: null, betaald: false, credit_van: null, gecrediteerd_door: '2026-0009' },
            { id: 'f3', factuurnummer: '2026-0009', datum: '2026-11-27', omschrijving: 'Credit van factuur 2026-0008: Kraan', uren: 1, uurtarief_cents: 6500, materiaal_cents: 0, subtotaal_cents: -6500, btw_bedrag_cents: -1365, totaal_bedrag_cents: -7865, betaal_methode: null, betaald: false, credit_van: '2026-0008', gecrediteerd_door: null },
          ],
          total: 3,
        },
      },
      [`GET ${CARD}/reviews`]: {
        body: { data: [{ id: 'w1', klus_id: 'k1', datum: '2026-11-26', beschrijving: 'Lamp', klusser: 'Piet Bakker', rating_algemeen: 4, ratings: null, klant_tevreden: true, zou_aanbevelen: false, opmerkingen: 'Prima' }], total: 1 },
      },
    });
    expect(await screen.findByRole('heading', { name: 'jan+test@example.nl' })).toBeTruthy();
    expect(screen.getByText('4,5 van 5 sterren')).toBeTruthy();
    expect(screen.getByText('€ 169,40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gegevens exporteren' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Aanvragen Historie' }));
    expect(await screen.findByText('Lamp')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Afgerond' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === `${decodeURIComponent(CARD)}/klussen` || c.path === `${CARD}/klussen`).at(-1)?.query.get('status')).toBe('afgerond'));

    fireEvent.click(screen.getByRole('tab', { name: 'Facturen' }));
    expect(await screen.findByText('Niet betaald')).toBeTruthy();
    expect(screen.getByText('2 × € 65,00')).toBeTruthy();
    // A credit invoice and the invoice it corrects both show, for what they are (D28).
    expect(screen.getByText('Gecrediteerd (2026-0009)')).toBeTruthy();
    expect(screen.getByText('Creditfactuur (voor 2026-0008)')).toBeTruthy();
    expect(screen.getAllByText('Niet betaald')).toHaveLength(1);

    fireEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('4 van 5 sterren')).toBeTruthy();
    expect(screen.queryByLabelText('4 van 5 sterren')).toBeNull(); // words, not an aria-label that screen readers skip
    expect(screen.getByText('Prima')).toBeTruthy();
  });
});
