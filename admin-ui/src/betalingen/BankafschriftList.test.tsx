import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';

const AFSCHRIFT = '00000000-0000-4000-8000-0000000000a1';
const POST_VOORSTEL = '00000000-0000-4000-8000-0000000000p1';
const F1 = '00000000-0000-4000-8000-0000000000f1';
const F2 = '00000000-0000-4000-8000-0000000000f2';

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

const importRij = {
  id: AFSCHRIFT, uitgever: 'centraal', iban: 'NL91ABNA0417164300', versie: 'camt.053.001.02', posten: 4, nieuw: 4, dubbel: 0, geboekt: 1, voorstellen: 2,
  overgeslagen: 1, created_at: '2026-11-27T09:00:00Z',
};

const post = (extra: Record<string, unknown>) => ({
  id: POST_VOORSTEL, boekdatum: '2026-11-26', bedrag_cents: 15000, valuta: 'EUR', credit: true, tegenpartij: 'J. Jansen', omschrijving: 'Facturen 2026-0005 en 2026-0006',
  status: 'voorstel', reden: '', voorstellen: [], geboekt_op: [], ...extra,
});

const voorstellen = [
  { factuur_id: F1, factuurnummer: '2026-0005', klant_naam: 'Mevrouw Jansen', open_cents: 10000 },
  { factuur_id: F2, factuurnummer: '2026-0006', klant_naam: 'Mevrouw Jansen', open_cents: 8000 },
];

const detail = (entries: unknown[]) => ({ body: { data: { ...importRij, entries } } });

const ENTRIES = [
  post({ id: 'g1', status: 'geboekt', bedrag_cents: 17243, omschrijving: 'Factuur 2026-0004', geboekt_op: [{ factuur_id: F1, factuurnummer: '2026-0004', klant_naam: 'Meneer De Vries', open_cents: 17243 }] }),
  post({ voorstellen }),
  post({ id: 'p2', bedrag_cents: 2500, omschrijving: 'Gift', tegenpartij: 'Onbekend', voorstellen: [] }),
  post({ id: 's1', status: 'overgeslagen', credit: false, bedrag_cents: 4999, omschrijving: 'Kosten bank', reden: 'Afschrijving' }),
];

function start(extra: Record<string, unknown> = {}, role = 'admin', regions?: string[]) {
  return startConsole(
    role === 'admin' ? '/admin/bankafschriften' : '/franchise/bankafschriften',
    {
      ...UITGEVERS,
      'GET /api/v1/bankafschriften': { body: { data: [importRij], total: 1 } },
      [`GET /api/v1/bankafschriften/${AFSCHRIFT}`]: detail(ENTRIES),
      ...extra,
    },
    role,
    regions,
  );
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Bankafschriften (D30)', () => {
  it('reads a CAMT.053 file of the business chosen as the raw XML body, says what it did and opens the statement', async () => {
    const mock = start({
      'POST /api/v1/bankafschriften': { status: 201, body: { data: importRij, message: 'Bankafschrift ingelezen: 1 geboekt, 2 voorstellen, 1 overgeslagen' } },
    });
    const form = await screen.findByRole('region', { name: 'Bankafschrift inlezen' });
    fireEvent.click(await within(form).findByRole('button', { name: /Inlezen/ }));
    expect(await within(form).findByText('Kies het bedrijf van wie dit bankafschrift is.')).toBeTruthy();
    expect(within(form).getByText('Kies een bankafschrift (CAMT.053, een XML-bestand).')).toBeTruthy();
    expect(mock.callsTo('/api/v1/bankafschriften', 'POST')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('radio', { name: 'Klusmaat B.V. (centraal)' }));
    const bestand = new File(['<?xml version="1.0"?><Document/>'], 'afschrift-november.xml', { type: 'text/xml' });
    fireEvent.change(within(form).getByLabelText('Bestand (CAMT.053, .xml)'), { target: { files: [bestand] } });
    fireEvent.click(within(form).getByRole('button', { name: /Inlezen/ }));

    await waitFor(() => expect(mock.callsTo('/api/v1/bankafschriften', 'POST')).toHaveLength(1));
    const call = mock.callsTo('/api/v1/bankafschriften', 'POST')[0];
    expect(call?.query.get('uitgever')).toBe('centraal');
    expect(call?.query.get('bestandsnaam')).toBe('afschrift-november.xml');
    expect(call?.headers.get('Content-Type')).toBe('application/xml');
    expect(call?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    const init = mock.fetchFn.mock.calls.find(([url, i]) => String(url).startsWith('/api/v1/bankafschriften?') && i?.method === 'POST')?.[1];
    expect(init?.body).toBe(bestand);

    const statement = await screen.findByRole('region', { name: /^Afschrift van Klusmaat B.V. \(centraal\)/ });
    expect(within(statement).getAllByText('Bankafschrift ingelezen: 1 geboekt, 2 voorstellen, 1 overgeslagen').length).toBeGreaterThan(0);
    expect(within(statement).getByTestId('afschrift-telling').textContent).toBe('4 posten: 1 geboekt, 2 voorstellen te beoordelen, 0 genegeerd, 1 overgeslagen.');
    // What was booked, and the skipped entry with its reason.
    expect(within(statement).getByTestId('posten-geboekt').textContent).toContain('Geboekt op factuur 2026-0004 (Meneer De Vries)');
    expect(within(statement).getByTestId('posten-overgeslagen').textContent).toContain('Reden: Afschrijving');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-labelledby')).toBe('afschrift-titel afschrift-telling'));
  });

  it("says the server's refusal at the file", async () => {
    start({
      'POST /api/v1/bankafschriften': {
        status: 400,
        body: { error: { code: 'statement_schema', message: 'Dit bestand is geen geldig CAMT.053-bankafschrift.', fields: { bestand: 'Dit bestand is geen geldig CAMT.053-bankafschrift.' } } },
      },
    });
    const form = await screen.findByRole('region', { name: 'Bankafschrift inlezen' });
    fireEvent.click(await within(form).findByRole('radio', { name: 'Klusmaat B.V. (centraal)' }));
    const input = within(form).getByLabelText('Bestand (CAMT.053, .xml)');
    fireEvent.change(input, { target: { files: [new File(['nee'], 'fout.xml', { type: 'text/xml' })] } });
    fireEvent.click(within(form).getByRole('button', { name: /Inlezen/ }));
    expect(await within(form).findByText('Dit bestand is geen geldig CAMT.053-bankafschrift.')).toBeTruthy();
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  });

  it('confirms a proposal on one of its invoices', async () => {
    const BEVESTIG = `/api/v1/bankposten/${POST_VOORSTEL}/bevestigen`;
    const mock = start({ [`POST ${BEVESTIG}`]: { body: { data: post({ status: 'geboekt' }), message: 'Bijschrijving geboekt' } } });
    fireEvent.click(await screen.findByRole('button', { name: /^Bekijken: afschrift van Klusmaat B.V./ }));
    const voorstel = await screen.findByRole('article', { name: /Bijschrijving €\s150,00 op 26-11-2026 van J. Jansen/ });
    fireEvent.click(within(voorstel).getByRole('button', { name: /^Bevestigen: €\s150,00 boeken op factuur 2026-0005$/ }));
    await waitFor(() => expect(mock.callsTo(BEVESTIG, 'POST')[0]?.body).toEqual({ verdeling: [{ factuur_id: F1, bedrag_cents: 15000 }] }));
  });

  it('splits an entry over its invoices only when the shares add up, saying what is left before sending', async () => {
    const BEVESTIG = `/api/v1/bankposten/${POST_VOORSTEL}/bevestigen`;
    const mock = start({ [`POST ${BEVESTIG}`]: { body: { data: post({ status: 'geboekt' }), message: 'Bijschrijving geboekt' } } });
    fireEvent.click(await screen.findByRole('button', { name: /^Bekijken: afschrift/ }));
    const voorstel = await screen.findByRole('article', { name: /Bijschrijving €\s150,00/ });
    fireEvent.click(within(voorstel).getByRole('button', { name: /^Verdelen/ }));
    const verdeel = within(voorstel).getByRole('form', { name: 'Verdelen over facturen' });
    const nog = () => within(verdeel).getByTestId('nog-te-verdelen').textContent?.replace(/\s/g, ' ');
    expect(nog()).toBe('Nog te verdelen: € 150,00');
    fireEvent.change(within(verdeel).getByLabelText('Bedrag voor factuur 2026-0005'), { target: { value: '100' } });
    fireEvent.change(within(verdeel).getByLabelText('Bedrag voor factuur 2026-0006'), { target: { value: '30,00' } });
    expect(nog()).toBe('Nog te verdelen: € 20,00');
    fireEvent.click(within(verdeel).getByRole('button', { name: 'Verdeling boeken' }));
    const fout = await within(verdeel).findByRole('alert');
    expect(fout.textContent?.replace(/\s/g, ' ')).toBe('Verdeel precies € 150,00 over de facturen. Nog te verdelen: € 20,00.');
    await waitFor(() => expect(document.activeElement).toBe(fout));
    expect(mock.callsTo(BEVESTIG, 'POST')).toHaveLength(0);

    // More than the second invoice has open: said at its field, nothing sent.
    fireEvent.change(within(verdeel).getByLabelText('Bedrag voor factuur 2026-0006'), { target: { value: '90' } });
    fireEvent.click(within(verdeel).getByRole('button', { name: 'Verdeling boeken' }));
    expect(await within(verdeel).findByText(/Meer dan wat op deze factuur openstaat \(€\s80,00\)/)).toBeTruthy();
    expect(mock.callsTo(BEVESTIG, 'POST')).toHaveLength(0);

    fireEvent.change(within(verdeel).getByLabelText('Bedrag voor factuur 2026-0005'), { target: { value: '70' } });
    fireEvent.change(within(verdeel).getByLabelText('Bedrag voor factuur 2026-0006'), { target: { value: '80' } });
    expect(nog()).toBe('Nog te verdelen: € 0,00');
    fireEvent.click(within(verdeel).getByRole('button', { name: 'Verdeling boeken' }));
    await waitFor(() =>
      expect(mock.callsTo(BEVESTIG, 'POST')[0]?.body).toEqual({
        verdeling: [
          { factuur_id: F1, bedrag_cents: 7000 },
          { factuur_id: F2, bedrag_cents: 8000 },
        ],
      }),
    );
  });

  it('ignores an entry that pays no invoice, after asking', async () => {
    const NEGEER = '/api/v1/bankposten/p2/negeren';
    const mock = start({ [`POST ${NEGEER}`]: { body: { data: post({ id: 'p2', status: 'genegeerd' }), message: 'Bijschrijving genegeerd' } } });
    fireEvent.click(await screen.findByRole('button', { name: /^Bekijken: afschrift/ }));
    const voorstel = await screen.findByRole('article', { name: /Bijschrijving €\s25,00/ });
    expect(within(voorstel).getByText(/Geen openstaande factuur gevonden/)).toBeTruthy();
    fireEvent.click(within(voorstel).getByRole('button', { name: /^Negeren/ }));
    const vraag = await screen.findByRole('dialog', { name: 'Bijschrijving negeren?' });
    fireEvent.click(within(vraag).getByRole('button', { name: 'Negeren' }));
    await waitFor(() => expect(mock.callsTo(NEGEER, 'POST')).toHaveLength(1));
  });

  it("offers a franchise owner its own business only, chosen already", async () => {
    start({}, 'franchise', ['den-haag']);
    const form = await screen.findByRole('region', { name: 'Bankafschrift inlezen' });
    const radios = await within(form).findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['den-haag']);
    await waitFor(() => expect((radios[0] as HTMLInputElement).checked).toBe(true));
  });
});
