import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { ibanKlopt, toBody } from './uitgever';

const SETTINGS = {
  id: 'algemeen',
  support_phone_default: '070 123 4567',
  regios: [
    { regio: 'den-haag', naam: 'Den Haag', support_phone: '', support_email: '' },
    { regio: 'utrecht', naam: 'Utrecht', support_phone: '', support_email: '' },
  ],
};

const CENTRAAL = {
  id: 'centraal',
  regio: null,
  regio_naam: '',
  naam: 'Klusmaat B.V.',
  adres: 'Laan 1',
  postcode: '2511 AA',
  plaats: 'Den Haag',
  kvk_nummer: '12345678',
  btw_nummer: 'NL123456789B01',
  iban: 'NL91ABNA0417164300',
  nummer_prefix: '',
};

const DEN_HAAG = {
  id: 'den-haag',
  regio: 'den-haag',
  regio_naam: 'Den Haag',
  naam: 'Klusmaat Den Haag B.V.',
  adres: 'Plein 2',
  postcode: '2511 BB',
  plaats: 'Den Haag',
  kvk_nummer: '87654321',
  btw_nummer: 'NL987654321B02',
  iban: 'NL44RABO0123456789',
  nummer_prefix: 'DH',
};

const UITGEVERS = { data: [CENTRAAL, DEN_HAAG], total: 2 };

function startAdmin(put: Exclude<Responder, Error> = { status: 500 }) {
  // The list answers as the server would: with the business a PUT stored (a save invalidates it).
  const stored = new Map<string, { id: string }>();
  const list: Responder = () => {
    const data = [...UITGEVERS.data.filter((u) => !stored.has(u.id)), ...stored.values()];
    return { body: { data, total: data.length } };
  };
  const save: Responder = (call) => {
    const answer = typeof put === 'function' ? put(call) : put;
    const row = (answer.body as { data?: { id: string } } | undefined)?.data;
    if ((answer.status ?? 200) < 300 && row) stored.set(row.id, row);
    return answer;
  };
  return startConsole('/admin/settings', {
    'GET /api/v1/settings/algemeen': { body: { data: SETTINGS } },
    'GET /api/v1/factuur-uitgevers': list,
    'PUT /api/v1/factuur-uitgevers/centraal': save,
    'PUT /api/v1/factuur-uitgevers/den-haag': save,
    'PUT /api/v1/factuur-uitgevers/utrecht': save,
  });
}

/** An input by its label (its accessible name: the asterisk of a required field is hidden from it). */
function field(container: HTMLElement, label: string): HTMLInputElement {
  return within(container).getByRole('textbox', { name: label }) as HTMLInputElement;
}

/** The sub-section of one business, by its heading. */
async function business(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  return heading.closest('section') as HTMLElement;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Facturering', () => {
  it('lists the central business first, then each region, and a region without its own uses the central one', async () => {
    startAdmin();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Facturering' })).closest('section') as HTMLElement;
    expect(within(section).getByText(/Elke factuur noemt het bedrijf dat haar uitgeeft\./)).toBeTruthy();
    await within(section).findByRole('heading', { level: 3, name: 'Centraal bedrijf' });
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Centraal bedrijf', 'Den Haag', 'Utrecht']);

    const centraal = await business('Centraal bedrijf');
    expect(field(centraal, 'Bedrijfsnaam').value).toBe('Klusmaat B.V.');
    expect(field(centraal, 'IBAN').value).toBe('NL91ABNA0417164300');
    expect(within(centraal).queryByRole('textbox', { name: 'Voorvoegsel factuurnummer' })).toBeNull();

    const denHaag = await business('Den Haag');
    expect(field(denHaag, 'Voorvoegsel factuurnummer').value).toBe('DH');
    expect(within(denHaag).getByText('Bijvoorbeeld DH: facturen DH2026-0001, DH2026-0002, …')).toBeTruthy();
    expect(within(denHaag).getByRole('button', { name: 'Opslaan: Den Haag' })).toBeTruthy();

    const utrecht = await business('Utrecht');
    expect(within(utrecht).getByText('Gebruikt het centrale bedrijf')).toBeTruthy();
    expect(within(utrecht).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Eigen bedrijf instellen voor Utrecht' }));
    const naam = field(utrecht, 'Bedrijfsnaam');
    expect(naam.value).toBe('');
    expect(document.activeElement).toBe(naam);
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Annuleren' }));
    expect(within(utrecht).queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(within(utrecht).getByRole('button', { name: 'Eigen bedrijf instellen voor Utrecht' }));
  });

  it('marks an invalid IBAN at its field in Dutch and sends nothing', async () => {
    const mock = startAdmin();
    const centraal = await business('Centraal bedrijf');
    const iban = field(centraal, 'IBAN');
    fireEvent.change(iban, { target: { value: 'NL92 ABNA 0417 1643 00' } });
    fireEvent.click(within(centraal).getByRole('button', { name: 'Opslaan: Centraal bedrijf' }));
    const message = await within(centraal).findByText('Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.');
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(iban.getAttribute('aria-describedby')).toContain(message.closest('[id]')?.id ?? 'missing');
    expect(within(centraal).getByRole('alert').textContent).toBe('Controleer de gemarkeerde velden.');
    expect(document.activeElement).toBe(iban);
    expect(iban.value).toBe('NL92 ABNA 0417 1643 00');
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('checks a new region like the server: required fields, KvK, btw-nummer and voorvoegsel', async () => {
    const mock = startAdmin();
    const utrecht = await business('Utrecht');
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Eigen bedrijf instellen voor Utrecht' }));
    fireEvent.change(field(utrecht, 'KvK-nummer'), { target: { value: '1234' } });
    fireEvent.change(field(utrecht, 'Btw-nummer'), { target: { value: 'NL12345' } });
    fireEvent.change(field(utrecht, 'Voorvoegsel factuurnummer'), { target: { value: 'UTRE1' } });
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Opslaan: Utrecht' }));
    for (const text of [
      'Vul de naam van het bedrijf in.',
      'Vul het adres in (straat en huisnummer).',
      'Vul de postcode in.',
      'Vul de plaats in.',
      'Vul een KvK-nummer van 8 cijfers in.',
      'Vul een btw-nummer in zoals NL123456789B01.',
      'Kies een voorvoegsel van 1 tot 4 hoofdletters, bijvoorbeeld DH.',
    ]) {
      expect(await within(utrecht).findByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field(utrecht, 'Bedrijfsnaam'));
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's field message at its field and keeps what was typed", async () => {
    const mock = startAdmin({
      status: 400,
      body: {
        error: {
          code: 'invalid_uitgever',
          message: 'Controleer de gemarkeerde velden.',
          fields: { nummer_prefix: 'Dit voorvoegsel gebruikt een andere regio al.' },
        },
      },
    });
    const denHaag = await business('Den Haag');
    const prefix = field(denHaag, 'Voorvoegsel factuurnummer');
    const naam = field(denHaag, 'Bedrijfsnaam');
    fireEvent.change(prefix, { target: { value: 'KM' } });
    fireEvent.change(naam, { target: { value: 'Klusmaat Haaglanden B.V.' } });
    fireEvent.click(within(denHaag).getByRole('button', { name: 'Opslaan: Den Haag' }));
    expect(await within(denHaag).findByText('Dit voorvoegsel gebruikt een andere regio al.')).toBeTruthy();
    await waitFor(() => expect(prefix.getAttribute('aria-invalid')).toBe('true'));
    expect(within(denHaag).getByRole('alert').textContent).toBe('Controleer de gemarkeerde velden.');
    expect(prefix.value).toBe('KM');
    expect(naam.value).toBe('Klusmaat Haaglanden B.V.');
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('saves with PUT the normalised details and says the server message', async () => {
    const saved = { ...DEN_HAAG, id: 'utrecht', regio: 'utrecht', regio_naam: 'Utrecht', naam: 'Klusmaat Utrecht', nummer_prefix: 'UT' };
    const mock = startAdmin({ body: { data: saved, message: 'Factuurgegevens opgeslagen' } });
    const utrecht = await business('Utrecht');
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Eigen bedrijf instellen voor Utrecht' }));
    const typed: Record<string, string> = {
      Bedrijfsnaam: '  Klusmaat   Utrecht ',
      'Adres (straat en huisnummer)': 'Oudegracht  10',
      Postcode: '3511ab',
      Plaats: 'Utrecht',
      'KvK-nummer': '8765.4321',
      'Btw-nummer': 'nl 9876 54321 b02',
      IBAN: 'nl44 rabo 0123 4567 89',
      'Voorvoegsel factuurnummer': ' ut ',
    };
    for (const [label, value] of Object.entries(typed)) fireEvent.change(field(utrecht, label), { target: { value } });
    fireEvent.click(within(utrecht).getByRole('button', { name: 'Opslaan: Utrecht' }));
    expect(await screen.findByText('Factuurgegevens opgeslagen')).toBeTruthy();
    const put = mock.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/v1/factuur-uitgevers/utrecht');
    expect(put?.body).toEqual({
      naam: 'Klusmaat Utrecht',
      adres: 'Oudegracht 10',
      postcode: '3511 AB',
      plaats: 'Utrecht',
      kvk_nummer: '87654321',
      btw_nummer: 'NL987654321B02',
      iban: 'NL44RABO0123456789',
      nummer_prefix: 'UT',
    });
    await waitFor(() => expect(field(utrecht, 'Bedrijfsnaam').value).toBe('Klusmaat Utrecht'));
    expect(within(utrecht).queryByText('Gebruikt het centrale bedrijf')).toBeNull();
  });

  it('shows a franchise owner the central business and its regions as text, without inputs', async () => {
    startConsole(
      '/franchise/settings',
      {
        'GET /api/v1/regio-instellingen': {
          body: {
            data: {
              id: 'mijn',
              regios: [
                { regio: 'den-haag', naam: 'Den Haag', support_phone: '', support_email: '' },
                { regio: 'utrecht', naam: 'Utrecht', support_phone: '', support_email: '' },
              ],
            },
          },
        },
        'GET /api/v1/factuur-uitgevers': { body: UITGEVERS },
      },
      'franchise',
      ['den-haag', 'utrecht'],
    );
    const centraal = await business('Centraal bedrijf');
    const section = centraal.parentElement?.closest('section') as HTMLElement;
    expect(within(section).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(section).queryAllByRole('button')).toHaveLength(0);
    expect(within(centraal).getByText('Klusmaat B.V.')).toBeTruthy();
    expect(within(centraal).getByText('NL91 ABNA 0417 1643 00')).toBeTruthy();
    const denHaag = await business('Den Haag');
    const terms = within(denHaag).getAllByRole('term').map((t) => t.textContent);
    expect(terms).toContain('Voorvoegsel factuurnummer');
    expect(within(denHaag).getByText('DH')).toBeTruthy();
    expect(within(await business('Utrecht')).getByText('Gebruikt het centrale bedrijf')).toBeTruthy();
  });

  it('says so when the details cannot be loaded', async () => {
    startConsole('/admin/settings', {
      'GET /api/v1/settings/algemeen': { body: { data: SETTINGS } },
      'GET /api/v1/factuur-uitgevers': { status: 500, body: { error: { message: 'kapot' } } },
    });
    expect(await screen.findByText('Kon factuurgegevens niet laden')).toBeTruthy();
  });
});

describe('the checks of an issuer', () => {
  it('knows a right IBAN by its mod-97 checksum', () => {
    expect(ibanKlopt('NL91ABNA0417164300')).toBe(true);
    expect(ibanKlopt('NL44RABO0123456789')).toBe(true);
    expect(ibanKlopt('DE89370400440532013000')).toBe(true);
    expect(ibanKlopt('NL92ABNA0417164300')).toBe(false);
    expect(ibanKlopt('NL91')).toBe(false);
  });

  it('sends the central business without a prefix', () => {
    expect(toBody('centraal', { ...CENTRAAL, nummer_prefix: 'XX' }).nummer_prefix).toBe('');
  });
});
