import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';
import { woorden } from './ProfielForm';

const PIET = {
  id: 'k1', naam: 'Piet Bakker', email: 'piet@example.nl', telefoon: '06 12 34 56 01', woonplaats: 'Voorburg', regio: ['den-haag'],
  gemiddelde_beoordeling: 4.5, totaal_uren: 312.5, actief: true, zichtbaar_op_website: true,
};
const GERRIT = { ...PIET, id: 'k2', naam: 'Gerrit Visser', regio: ['utrecht'], actief: false, zichtbaar_op_website: false, gemiddelde_beoordeling: null };
const TOTALEN = { data: { totaal: 2, actief: 1, gemiddelde_beoordeling: 4.5, totaal_uren: 312.5 } };
const DETAIL = {
  ...PIET, adres: 'Herenstraat 1', postcode: '2271 AB', leeftijd: 70, heeft_vog: true, heeft_vervoer: false, motivatie: '', ervaring: '',
  beschikbaarheid: ['Maandag'], gepensioneerd_sinds: 2012, specialisaties: ['Houtwerk'], intro_tekst: 'Ik help graag.',
  fotos: { profiel: '/files/public/k1/a.jpg', carousel_1: null, carousel_2: null, carousel_3: null }, beoordelingen: [], uren: [],
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Klussers (admin)', () => {
  it('shows the cards, hides archived klussers by default, and archives only after the warning', async () => {
    const mock = startConsole('/admin/klussers', {
      'GET /api/v1/klussers': { body: { data: [PIET, GERRIT], total: 2 } },
      'GET /api/v1/klussers/totalen': { body: TOTALEN },
      'POST /api/v1/klussers/k1/archive': { body: { data: { ...DETAIL, actief: false }, message: 'Klusser gearchiveerd' } },
    });
    const row = (await screen.findByText('Piet Bakker')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Zichtbaar')).toBeTruthy();
    expect(within(row).getByText('4,5')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('klussers-Totaal uren').textContent).toBe('312,5'));
    expect(mock.calls.find((c) => c.path === '/api/v1/klussers')?.query.get('actief')).toBe('ja');

    const gerrit = screen.getByText('Gerrit Visser').closest('tr') as HTMLElement;
    expect(within(gerrit).getByText('Verborgen')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Gearchiveerde klussers tonen'));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/klussers').at(-1)?.query.get('actief')).toBeNull());

    fireEvent.click(within(row).getByRole('button', { name: 'Acties voor Piet Bakker' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archiveren' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Alle gegevens blijven bewaard/)).toBeTruthy();
    expect(mock.calls.some((c) => c.path === '/api/v1/klussers/k1/archive')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archiveren' }));
    expect(await screen.findByText('Klusser gearchiveerd')).toBeTruthy();

    // An inactive klusser cannot be archived again.
    fireEvent.click(await screen.findByRole('button', { name: 'Acties voor Gerrit Visser' }));
    expect((await screen.findByRole('menuitem', { name: 'Archiveren' })).getAttribute('aria-disabled')).toBe('true');
  });

  it('opens the klusser from a click on its row, but not from its row menu', async () => {
    startConsole('/admin/klussers', {
      'GET /api/v1/klussers': { body: { data: [PIET], total: 1 } },
      'GET /api/v1/klussers/totalen': { body: TOTALEN },
      'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
    });
    const cell = await screen.findByText('Piet Bakker');
    fireEvent.click(screen.getByRole('button', { name: 'Acties voor Piet Bakker' }));
    await screen.findByRole('menuitem', { name: 'Archiveren' });
    expect(window.location.pathname).toBe('/admin/klussers');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(cell);
    expect(await screen.findByRole('tab', { name: 'Profiel' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/klussers/k1');
  });

  it('warns before deleting for good', async () => {
    const mock = startConsole('/admin/klussers', {
      'GET /api/v1/klussers': { body: { data: [PIET], total: 1 } },
      'GET /api/v1/klussers/totalen': { body: TOTALEN },
      'DELETE /api/v1/klussers/k1': { body: { message: 'Klusser permanent verwijderd' } },
    });
    const row = (await screen.findByText('Piet Bakker')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Acties voor Piet Bakker' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/kan niet ongedaan worden gemaakt.*werkbonnen.*inloggegevens/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Permanent verwijderen' }));
    expect(await screen.findByText('Klusser permanent verwijderd')).toBeTruthy();
    expect(mock.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('checks the new klusser dialog before sending, and shows the duplicate address message', async () => {
    const mock = startConsole('/admin/klussers', {
      'GET /api/v1/klussers': { body: { data: [PIET], total: 1 } },
      'GET /api/v1/klussers/totalen': { body: TOTALEN },
      'POST /api/v1/klussers': {
        status: 409,
        body: { error: { code: 'duplicate_user', message: 'Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers.' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe Klusser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe Klusser' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klusser aanmaken' }));
    expect((await within(dialog).findAllByText('Vul alle verplichte velden in')).length).toBeGreaterThanOrEqual(6);
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);

    const type = (label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    type(/^Naam/, 'Kees de Klusser');
    type(/^E-mailadres/, 'piet@example.nl');
    type(/^Wachtwoord/, 'Klusmaat-test-2026!');
    type(/^Telefoon/, '06 11 22 33 44');
    type(/^Woonplaats/, 'Voorburg');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Den Haag' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Klusser aanmaken' }));
    expect(await within(dialog).findByText('Er bestaat al een gebruiker met dit e-mailadres. Controleer de lijst met klussers.')).toBeTruthy();
    const post = mock.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ naam: 'Kees de Klusser', email: 'piet@example.nl', regio: ['den-haag'], leeftijd: null });
    expect((within(dialog).getByLabelText(/^Naam/) as HTMLInputElement).value).toBe('Kees de Klusser');
  });
});

describe('Klusser page (admin)', () => {
  it('saves the profile with the year rule, counts the intro words, and refuses a photo over 5MB', async () => {
    const mock = startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
      'PUT /api/v1/klussers/k1': { body: { data: { ...DETAIL, naam: 'Piet de Bakker' }, message: 'Profiel opgeslagen' } },
    });
    expect(await screen.findByRole('tab', { name: 'Profiel' })).toBeTruthy();
    expect(screen.getByText('3 / 500 woorden')).toBeTruthy();
    const jaar = screen.getByLabelText(/Gepensioneerd sinds/);
    fireEvent.change(jaar, { target: { value: '1949' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(await screen.findByText(/Kies een jaar tussen 1950 en/)).toBeTruthy();
    expect(mock.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(jaar, { target: { value: '2010' } });
    fireEvent.change(screen.getByLabelText(/^Naam/), { target: { value: 'Piet de Bakker' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Den Haag' }));
    expect(await screen.findByText('Selecteer minimaal één regio')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(await screen.findByText('Profiel opgeslagen')).toBeTruthy();
    const put = mock.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ naam: 'Piet de Bakker', gepensioneerd_sinds: 2010, regio: [], specialisaties: ['Houtwerk'], zichtbaar_op_website: true, actief: true });

    fireEvent.click(screen.getByRole('tab', { name: 'Website Showcase' }));
    expect((await screen.findByRole('img', { name: 'Profielfoto van Piet de Bakker' })).getAttribute('src')).toBe('/files/public/k1/a.jpg');
    const groot = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'groot.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Carrouselfoto 1 uploaden'), { target: { files: [groot] } });
    expect(await screen.findByText('Bestand mag maximaal 5MB zijn')).toBeTruthy();
    expect(mock.calls.some((c) => c.path.includes('/fotos/'))).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Beoordelingen' }));
    expect(await screen.findByText('Nog geen beoordelingen')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Gewerkte Uren' }));
    expect(await screen.findByText('Nog geen gewerkte uren')).toBeTruthy();
  });

  it('shows a removed photo at once: the action invalidates the klusser, which is read again (no reload)', async () => {
    const mock = startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers/k1': [
        { body: { data: DETAIL } },
        { body: { data: { ...DETAIL, fotos: { ...DETAIL.fotos, profiel: null } } } },
      ],
      'DELETE /api/v1/klussers/k1/fotos/profiel': { body: { data: null, message: 'Foto verwijderd' } },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Website Showcase' }));
    const profiel = await screen.findByRole('region', { name: 'Profielfoto' });
    expect(within(profiel).getByRole('img', { name: 'Profielfoto van Piet Bakker' })).toBeTruthy();
    fireEvent.click(within(profiel).getByRole('button', { name: 'Verwijderen: Profielfoto' }));
    expect(await screen.findByText('Foto verwijderd')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Profielfoto' })).getByText('Nog geen foto')).toBeTruthy());
    expect(mock.callsTo('/api/v1/klussers/k1', 'GET')).toHaveLength(2);
  });

  it('brings an archived klusser back with Actief', async () => {
    const mock = startConsole('/admin/klussers/k2', {
      'GET /api/v1/klussers/k2': { body: { data: { ...DETAIL, ...GERRIT } } },
      'PUT /api/v1/klussers/k2': { body: { data: { ...DETAIL, ...GERRIT, actief: true }, message: 'Profiel opgeslagen' } },
    });
    const actief = (await screen.findByLabelText('Actief')) as HTMLInputElement;
    expect(actief.checked).toBe(false);
    fireEvent.click(actief);
    fireEvent.click(screen.getByRole('button', { name: 'Profiel opslaan' }));
    expect(await screen.findByText('Profiel opgeslagen')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ actief: true });
  });

  it('says Fout bij ophalen klusser on the page and in a toast when the server fails', async () => {
    startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers/k1': { status: 500, body: { error: { code: 'internal', message: 'Er ging iets mis. Probeer het opnieuw.' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Fout bij ophalen klusser' })).toBeTruthy();
    expect(await screen.findByText('Fout bij ophalen klusser', { selector: ':not(h1)' })).toBeTruthy();
  });

  it('goes to the next and previous klusser of the list, in its order and filter', async () => {
    const ANNA = { ...PIET, id: 'k0', naam: 'Anna Aalders' };
    const mock = startConsole('/admin/klussers/k1', {
      'GET /api/v1/klussers': { body: { data: [ANNA, PIET, GERRIT], total: 3 } },
      'GET /api/v1/klussers/k1': { body: { data: DETAIL } },
      'GET /api/v1/klussers/k2': { body: { data: { ...DETAIL, ...GERRIT } } },
    });
    const pager = await screen.findByRole('navigation', { name: 'Bladeren door de klussers' });
    expect(within(pager).getByText('2 van 3')).toBeTruthy();
    // Reached directly, the list is read as it opens: by name, active klussers only.
    const list = mock.calls.find((c) => c.path === '/api/v1/klussers');
    expect([list?.query.get('sort'), list?.query.get('order'), list?.query.get('actief')]).toEqual(['naam', 'asc', 'ja']);
    expect(within(pager).getByRole('link', { name: 'Vorige klusser' }).getAttribute('href')).toBe('/admin/klussers/k0');
    fireEvent.click(within(pager).getByRole('link', { name: 'Volgende klusser' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gerrit Visser' })).toBeTruthy();
    const last = await screen.findByRole('navigation', { name: 'Bladeren door de klussers' });
    expect(within(last).getByText('3 van 3')).toBeTruthy();
    // The last one has no next: the button is there, but off.
    expect((within(last).getByRole('button', { name: 'Volgende klusser' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says Klusser niet gevonden for an unknown id', async () => {
    startConsole('/admin/klussers/nope', {
      'GET /api/v1/klussers/nope': { status: 404, body: { error: { code: 'klusser_not_found', message: 'Klusser niet gevonden' } } },
    });
    expect(await screen.findByRole('heading', { name: 'Klusser niet gevonden' })).toBeTruthy();
  });
});

describe('intro word counter', () => {
  it('counts runs of non-space', () => {
    expect(woorden('')).toBe(0);
    expect(woorden('  Ik  help\ngraag. ')).toBe(3);
  });
});
