import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';

const ROW = {
  id: 'f1',
  factuurnummer: '2026-0007',
  datum: '2026-11-20',
  klant_naam: 'Mevrouw Jansen',
  klant_email: '',
  omschrijving: 'Lamp ophangen',
  regio: 'den-haag',
  uren: 2,
  uurtarief_cents: 6500,
  materiaal_cents: 1250,
  subtotaal_cents: 14250,
  btw_bedrag_cents: 2993,
  totaal_bedrag_cents: 17243,
  betaal_methode: null,
  betaald: false,
  staat: 'open',
  open_cents: 17243,
  betaald_cents: 0,
  vervaldatum: '2026-12-04',
  credit_van: null,
  gecrediteerd_door: null,
  offerte: null,
};

/** GET /api/v1/factuur-uitgevers: the central business and Den Haag's own (D28). */
const UITGEVERS = {
  'GET /api/v1/factuur-uitgevers': {
    body: {
      data: [
        { id: 'centraal', regio: null, regio_naam: '', naam: 'Klusmaat B.V.', adres: '', postcode: '', plaats: '', kvk_nummer: '', btw_nummer: '', iban: 'NL91ABNA0417164300', nummer_prefix: '' },
        { id: 'den-haag', regio: 'den-haag', regio_naam: 'Den Haag', naam: 'Klusmaat Den Haag B.V.', adres: '', postcode: '', plaats: '', kvk_nummer: '', btw_nummer: '', iban: 'NL44RABO0123456789', nummer_prefix: 'DH' },
      ],
      total: 2,
    },
  },
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Facturen', () => {
  it('shows the totals for the filter, finds unpaid invoices, and says when there is no address to send to', async () => {
    const mock = startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1, open_cents: 17243 } } },
      'POST /api/v1/facturen/f1/verzenden': { status: 409, body: { error: { code: 'no_email', message: 'Geen e-mailadres beschikbaar' } } },
    });
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    // The total, and the same amount still open.
    expect(within(row).getAllByText('€ 172,43')).toHaveLength(2);
    expect(within(row).getByText('Openstaand')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'PDF van factuur 2026-0007' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
    const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');
    await waitFor(() => expect(text('facturen-Omzet (incl. btw)')).toBe('€ 172,43'));
    expect(text('facturen-Btw')).toBe('€ 29,93');
    expect(text('facturen-Openstaand')).toBe('€ 172,43 (1 factuur)');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Betaling' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Openstaand (opvolgen)' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query.get('betaald')).toBe('nee'));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen/totalen').at(-1)?.query.get('betaald')).toBe('nee'));

    fireEvent.click(within(row).getByRole('button', { name: 'Verzenden: factuur 2026-0007' }));
    expect(await screen.findByText('Geen e-mailadres beschikbaar')).toBeTruthy();
  });

  it('exports the filtered invoices as CSV from the server, and says when there are none', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const mock = startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1, open_cents: 17243 } } },
      'GET /api/v1/facturen/export.csv': [
        { body: '"Factuurnummer"\r\n"2026-0007"\r\n' },
        { status: 404, body: { error: { code: 'nothing_to_export', message: 'Geen facturen om te exporteren' } } },
      ],
    });
    await screen.findByText('2026-0007');
    fireEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect(await screen.findByText('Facturen geëxporteerd naar CSV')).toBeTruthy();
    expect(created).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Zoeken (factuurnummer, klant of omschrijving)'), { target: { value: 'niemand' } });
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query.get('q')).toBe('niemand'));
    fireEvent.click(screen.getByRole('button', { name: 'CSV exporteren' }));
    expect(await screen.findByText('Geen facturen om te exporteren')).toBeTruthy();
    expect(mock.calls.filter((c) => c.path === '/api/v1/facturen/export.csv').at(-1)?.query.get('q')).toBe('niemand');
  });

  it('sends an invoice with the Dutch confirmation', async () => {
    startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': {
        body: { data: [{ ...ROW, klant_email: 'jansen@example.nl', betaal_methode: 'pin', betaald: true, staat: 'betaald', open_cents: 0, betaald_cents: 17243 }], total: 1 },
      },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 0, open_cents: 0 } } },
      'POST /api/v1/facturen/f1/verzenden': { body: { data: ROW, message: 'Factuur verzonden per e-mail' } },
    });
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Betaald')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Verzenden: factuur 2026-0007' }));
    expect(await screen.findByText('Factuur verzonden per e-mail')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: factuur 2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007' });
    expect(within(dialog).getByText('2 × € 65,00')).toBeTruthy();
    expect(within(dialog).getByText('Materiaal', { selector: 'dt' })).toBeTruthy();
    expect(within(dialog).queryByText('Vaste prijs', { selector: 'dt' })).toBeNull();
    expect(within(dialog).getByText('€ 29,93')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'PDF downloaden' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
  });

  it("shows an invoice of an accepted quote as the quote's fixed price plus meerwerk", async () => {
    startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': {
        body: {
          data: [{ ...ROW, offerte: 'O2026-0001', uren: 1, uurtarief_cents: 15050, materiaal_cents: 1250, subtotaal_cents: 16300, btw_bedrag_cents: 3423, totaal_bedrag_cents: 19723 }],
          total: 1,
        },
      },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 19723, btw_cents: 3423, openstaand: 1 } } },
    });
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: factuur 2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007' });
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(value('Vaste prijs')).toBe('Offerte O2026-0001: € 150,50');
    expect(value('Meerwerk')).toBe('€ 12,50');
    expect(within(dialog).queryByText('Arbeid', { selector: 'dt' })).toBeNull();
    expect(within(dialog).queryByText('Materiaal', { selector: 'dt' })).toBeNull();
  });

  it('corrects an invoice only with a credit invoice, after a reason', async () => {
    const mock = startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1, open_cents: 17243 } } },
      'POST /api/v1/facturen/f1/crediteren': {
        status: 201,
        body: { data: { ...ROW, id: 'c1', factuurnummer: '2026-0008', totaal_bedrag_cents: -17243, credit_van: '2026-0007' }, message: 'Creditfactuur gemaakt' },
      },
    });
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: factuur 2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007' });
    expect(within(dialog).getByRole('link', { name: 'Afdrukken' }).getAttribute('href')).toBe('/admin/afdrukken/factuur/f1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crediteren' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creditfactuur maken' }));
    expect(await within(dialog).findByText('Geef de reden van de creditfactuur.')).toBeTruthy();
    expect(mock.calls.some((c) => c.path === '/api/v1/facturen/f1/crediteren')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reden/), { target: { value: 'Dubbel gefactureerd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creditfactuur maken' }));
    expect(await screen.findByText('Creditfactuur gemaakt')).toBeTruthy();
    expect(mock.calls.find((c) => c.path === '/api/v1/facturen/f1/crediteren')?.body).toEqual({ reden: 'Dubbel gefactureerd' });
  });

  it('shows a credit invoice and the invoice it corrects for what they are', async () => {
    startConsole('/admin/facturen', {
      ...UITGEVERS,
      'GET /api/v1/facturen': {
        body: {
          data: [
            { ...ROW, gecrediteerd_door: '2026-0008', staat: 'gecrediteerd', open_cents: 0 },
            { ...ROW, id: 'c1', factuurnummer: '2026-0008', totaal_bedrag_cents: -17243, credit_van: '2026-0007', staat: 'creditfactuur', open_cents: 0 },
          ],
          total: 2,
        },
      },
      'GET /api/v1/facturen/totalen': { body: { data: { aantal: 2, omzet_cents: 0, btw_cents: 0, openstaand: 0 } } },
    });
    const original = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    expect(within(original).getByText('Gecrediteerd door 2026-0008')).toBeTruthy();
    const credit = screen.getByText('2026-0008', { selector: 'td span, td' }).closest('tr') as HTMLElement;
    expect(within(credit).getByText('Creditfactuur')).toBeTruthy();
    expect(within(credit).getByText('voor 2026-0007')).toBeTruthy();
    fireEvent.click(within(credit).getByRole('button', { name: 'Bekijken: factuur 2026-0008' }));
    const dialog = await screen.findByRole('dialog', { name: 'Creditfactuur 2026-0008' });
    expect(within(dialog).queryByRole('button', { name: 'Crediteren' })).toBeNull();
  });
});

describe('Facturen: following up what is open (D30)', () => {
  const TOTALEN = { 'GET /api/v1/facturen/totalen': { body: { data: { aantal: 1, omzet_cents: 17243, btw_cents: 2993, openstaand: 1, open_cents: 17243 } } } };

  it("takes a dashboard's filters from the address, exactly (no search left from before), and shows them", async () => {
    localStorage.setItem('RaStore.facturen.listParams', JSON.stringify({ filter: { q: 'oud' }, displayedFilters: {} }));
    const mock = startConsole('/admin/facturen?regio=den-haag&ouderdom=31-60', {
      ...UITGEVERS,
      ...TOTALEN,
      'GET /api/v1/facturen': { body: { data: [{ ...ROW, vervaldatum: '2026-10-01' }], total: 1 } },
    });
    await waitFor(() => {
      const q = mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query;
      expect([q?.get('regio'), q?.get('ouderdom'), q?.get('q')]).toEqual(['den-haag', '31-60', null]);
    });
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen/totalen').at(-1)?.query.get('ouderdom')).toBe('31-60'));
    expect(await screen.findByRole('combobox', { name: 'Ouderdom' })).toHaveProperty('textContent', '31-60 dagen');
    expect(screen.getByRole('combobox', { name: 'Regio' }).textContent).toBe('Den Haag');

    // Then they are the person's: another filter is added to them, and one can be cleared.
    const laatste = () => mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query;
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Staat' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Openstaand' }));
    await waitFor(() => expect([laatste()?.get('staat'), laatste()?.get('ouderdom'), laatste()?.get('regio')]).toEqual(['open', '31-60', 'den-haag']));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ouderdom' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alle' }));
    await waitFor(() => expect([laatste()?.get('staat'), laatste()?.get('ouderdom'), laatste()?.get('regio')]).toEqual(['open', null, 'den-haag']));
  });

  it('filters on the state, and shows each state as the office reads it with how far past due an open one is', async () => {
    const mock = startConsole('/admin/facturen', {
      ...UITGEVERS,
      ...TOTALEN,
      'GET /api/v1/facturen': {
        body: {
          data: [
            { ...ROW, staat: 'deels_betaald', open_cents: 7243, betaald_cents: 10000, vervaldatum: '2020-01-01' },
            { ...ROW, id: 'f2', factuurnummer: '2026-0009', staat: 'in_bespreking', vervaldatum: '2999-01-01' },
            { ...ROW, id: 'f3', factuurnummer: '2026-0010', staat: 'uit_handen' },
          ],
          total: 3,
        },
      },
    });
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deels betaald')).toBeTruthy();
    expect(within(row).getByText(/^\d+ dagen over tijd$/)).toBeTruthy();
    expect(within(row).getByText('€ 72,43')).toBeTruthy();
    const f2 = screen.getByText('2026-0009').closest('tr') as HTMLElement;
    expect(within(f2).getByText('In bespreking')).toBeTruthy();
    expect(within(f2).getByText(/^nog \d+ dagen$/)).toBeTruthy();
    expect(within(screen.getByText('2026-0010').closest('tr') as HTMLElement).getByText('Uit handen gegeven')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Staat' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deels betaald' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/facturen').at(-1)?.query.get('staat')).toBe('deels_betaald'));
  });

  it('downloads the debtors list of the business chosen', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const mock = startConsole('/admin/facturen', {
      ...UITGEVERS,
      ...TOTALEN,
      'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } },
      'GET /api/v1/facturen/debiteuren.csv': { body: '"Factuurnummer"\r\n"DH2026-0001"\r\n' },
    });
    await screen.findByText('2026-0007');
    fireEvent.click(screen.getByRole('button', { name: 'Debiteurenlijst (CSV)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Klusmaat Den Haag B.V. (regio Den Haag)' }));
    expect(await screen.findByText('Debiteurenlijst van Klusmaat Den Haag B.V. gedownload')).toBeTruthy();
    expect(mock.callsTo('/api/v1/facturen/debiteuren.csv')[0]?.query.get('uitgever')).toBe('den-haag');
    expect(created).toHaveLength(1);
  });

  it("gives a franchise owner its invoices to follow up, without the admin's sending and crediting", async () => {
    startConsole(
      '/franchise/facturen',
      { ...UITGEVERS, ...TOTALEN, 'GET /api/v1/facturen': { body: { data: [ROW], total: 1 } } },
      'franchise',
    );
    const row = (await screen.findByText('2026-0007')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Opvolging: factuur 2026-0007' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Verzenden/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Bekijken: factuur 2026-0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur 2026-0007' });
    expect(within(dialog).queryByRole('button', { name: 'Crediteren' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Opvolging' })).toBeTruthy();
  });
});

describe('the print page', () => {
  it('shows every legal field of the invoice and opens the print dialog', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    startConsole('/admin/afdrukken/factuur/f1', {
      'GET /api/v1/facturen/f1': {
        body: {
          id: 'f1', klus_id: null, factuurnummer: 'DH2026-0007', datum: '2026-11-20', werk_datum: '2026-11-19', vervaldatum: '2026-12-04',
          klant: { naam: 'Mevrouw Jansen', email: '', adres: 'Herenstraat 1', postcode: '2271 AB', woonplaats: 'Voorburg' },
          omschrijving: 'Montage: lamp ophangen', uren: 2, uurtarief_cents: 6500, arbeid_cents: 13000, materialen: [],
          materiaal_cents: 1250, subtotaal_cents: 14250, btw_cents: 2993, totaal_cents: 17243, betaal_methode: null, betaal_notitie: null,
          pdf_url: '/api/v1/facturen/f1/pdf', created_at: '2026-11-20T10:00:00Z', credit_van: null, credit_reden: null,
          uitgever: { naam: 'Klusmaat Den Haag B.V.', adres: 'Prinsegracht 10', postcode: '2512 GA', plaats: 'Den Haag', kvk_nummer: '87654321',
            btw_nummer: 'NL987654321B01', iban: 'NL44RABO0123456789', nummer_prefix: 'DH' },
          regels: [
            { omschrijving: 'Arbeid', aantal: 2, eenheid: 'uur', prijs_cents: 6500, bedrag_cents: 13000 },
            { omschrijving: 'Muurplug', aantal: 5, eenheid: 'stuk', prijs_cents: 250, bedrag_cents: 1250 },
          ],
          betaaltekst: 'Te betalen binnen 14 dagen, uiterlijk 4 december 2026, op NL44RABO0123456789 o.v.v. DH2026-0007.',
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Factuur DH2026-0007' })).toBeTruthy();
    for (const text of ['Klusmaat Den Haag B.V.', 'KvK: 87654321', 'Btw-nummer: NL987654321B01', 'IBAN: NL44RABO0123456789', '19-11-2026', '04-12-2026', 'Muurplug', '€ 172,43',
      'Te betalen binnen 14 dagen, uiterlijk 4 december 2026, op NL44RABO0123456789 o.v.v. DH2026-0007.']) {
      expect(document.body.textContent?.replace(/\s/g, ' ')).toContain(text);
    }
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Afdrukken' }));
    expect(print).toHaveBeenCalledTimes(2);
  });
});
