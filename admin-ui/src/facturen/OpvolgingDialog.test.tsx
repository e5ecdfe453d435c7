import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { formatNL } from '@klusmaat/shared-ui/calendar';
import { createFetchMock, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { createDataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { theme } from '../theme';
import type { Opvolging } from './actions';
import { euroNaarCenten } from './bedrag';
import { OpvolgingDialog } from './OpvolgingDialog';

const ID = '00000000-0000-4000-8000-0000000000f1';
const PATH = `/api/v1/facturen/${ID}/opvolging`;
const BOEKEN = `/api/v1/facturen/${ID}/betalingen`;

const uitgegeven = { moment: '2026-11-20T10:00:00Z', soort: 'uitgegeven', tekst: 'Factuur 2026-0007 uitgegeven, te betalen uiterlijk 04-12-2026', bedrag_cents: 17243, betaling_id: null };

function opvolging(extra: Partial<Opvolging> = {}): Opvolging {
  return {
    factuur_id: ID,
    factuurnummer: '2026-0007',
    soort: 'klant',
    staat: 'open',
    totaal_cents: 17243,
    betaald_cents: 0,
    open_cents: 17243,
    vervaldatum: '2026-12-04',
    dagen_over_tijd: -7,
    gecrediteerd_door: null,
    in_bespreking: false,
    uit_handen_voorstel: false,
    per_post: false,
    brief_pdf: null,
    betalingen: [],
    tijdlijn: [uitgegeven],
    regio: 'den-haag',
    kan_betaling_boeken: true,
    klant_heeft_email: true,
    iban: 'NL91ABNA0417164300',
    uitgever_naam: 'Klusmaat B.V.',
    credit_van: null,
    factuurdatum: '2026-11-20',
    klant_naam: 'Mevrouw Jansen',
    herinnering_verstuurd: null,
    brief_verstuurd: null,
    ...extra,
  };
}

const betaling = {
  id: '00000000-0000-4000-8000-0000000000b1', factuur_id: ID, datum: '2026-11-27', bedrag_cents: 1234, methode: 'pin', bron: 'kantoor', notitie: 'Aan de balie',
  terugboeking_van: null, reden: null, teruggeboekt: false, geboekt_door: 'beheerder', created_at: '2026-11-27T09:00:00Z',
};
const deelsBetaald = opvolging({
  staat: 'deels_betaald',
  betaald_cents: 1234,
  open_cents: 16009,
  betalingen: [betaling],
  tijdlijn: [uitgegeven, { moment: '2026-11-27T09:00:00Z', soort: 'betaling', tekst: 'Betaling € 12,34 (pin, met de hand) op 27-11-2026', bedrag_cents: 1234, betaling_id: betaling.id }],
});

function start(routes: Record<string, Responder | Responder[]>) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} theme={theme}>
        <OpvolgingDialog id={ID} nummer="2026-0007" onClose={() => {}} />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('euroNaarCenten', () => {
  it('reads euros as people type them, exactly, and refuses what is not an amount', () => {
    expect(euroNaarCenten('12,34')).toBe(1234);
    expect(euroNaarCenten('0,29')).toBe(29);
    expect(euroNaarCenten('€ 1.234,56')).toBe(123456);
    expect(euroNaarCenten('12,3')).toBe(1230);
    expect(euroNaarCenten('12')).toBe(1200);
    expect(euroNaarCenten('12.34')).toBe(1234);
    expect(euroNaarCenten('1.005,07')).toBe(100507);
    // 1.005 × 100 is 100.49999… as a floating-point number: the digits are read, not multiplied.
    expect(euroNaarCenten('1,005')).toBeUndefined();
    for (const fout of ['', 'twaalf', '12,345', '-5', '1,2,3', '12,']) expect(euroNaarCenten(fout)).toBe(fout === '12,' ? 1200 : undefined);
  });
});

describe('Opvolging (D30)', () => {
  it("books '12,34' as 1234 cents on today's date in Amsterdam, then shows the new state with the focus on it", async () => {
    const mock = start({
      [`GET ${PATH}`]: [{ body: { data: opvolging() } }, { body: { data: deelsBetaald } }],
      [`POST ${BOEKEN}`]: { status: 201, body: { data: deelsBetaald, message: 'Betaling geboekt' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Opvolging factuur 2026-0007' });
    expect(await within(dialog).findByText('Nog geen betalingen geboekt.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Betaling boeken' }));
    const boeken = await screen.findByRole('dialog', { name: 'Betaling boeken' });
    expect((within(boeken).getByLabelText(/Datum van de betaling/) as HTMLInputElement).value).toBe(formatNL(Date.now(), 'yyyy-MM-dd'));
    // The open amount is offered; the office types the part that was paid.
    expect((within(boeken).getByLabelText(/Bedrag in euro/) as HTMLInputElement).value).toBe('172,43');
    fireEvent.change(within(boeken).getByLabelText(/Bedrag in euro/), { target: { value: '12,34' } });
    fireEvent.click(within(boeken).getByRole('radio', { name: 'PIN' }));
    fireEvent.change(within(boeken).getByLabelText(/Notitie/), { target: { value: 'Aan de balie' } });
    fireEvent.click(within(boeken).getByRole('button', { name: 'Betaling boeken' }));
    await waitFor(() => expect(mock.callsTo(BOEKEN, 'POST')).toHaveLength(1));
    expect(mock.callsTo(BOEKEN, 'POST')[0]?.body).toEqual({ datum: formatNL(Date.now(), 'yyyy-MM-dd'), bedrag_cents: 1234, methode: 'pin', notitie: 'Aan de balie' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Betaling boeken' })).toBeNull());
    const staat = await within(dialog).findByRole('region', { name: /Staat\s+Deels betaald/ });
    await waitFor(() => expect(document.activeElement).toBe(staat));
    expect(within(dialog).getByRole('button', { name: /^Terugboeken: betaling van €\s12,34 op 27-11-2026$/ })).toBeTruthy();
  });

  it("shows the server's field message at the amount, and keeps everything typed", async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: opvolging() } },
      [`POST ${BOEKEN}`]: {
        status: 400,
        body: { error: { code: 'invalid_payment', message: 'Controleer de gemarkeerde velden.', fields: { bedrag_cents: 'Het bedrag is hoger dan wat nog openstaat (€ 12,34).' } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Opvolging factuur 2026-0007' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Betaling boeken' }));
    const boeken = await screen.findByRole('dialog', { name: 'Betaling boeken' });
    const bedrag = within(boeken).getByLabelText(/Bedrag in euro/) as HTMLInputElement;
    fireEvent.change(bedrag, { target: { value: '100' } });
    fireEvent.click(within(boeken).getByRole('radio', { name: 'Bank (overschrijving)' }));
    fireEvent.change(within(boeken).getByLabelText(/Notitie/), { target: { value: 'Overgemaakt' } });
    fireEvent.click(within(boeken).getByRole('button', { name: 'Betaling boeken' }));
    await waitFor(() => expect(mock.callsTo(BOEKEN, 'POST')).toHaveLength(1));
    expect(mock.callsTo(BOEKEN, 'POST')[0]?.body).toMatchObject({ bedrag_cents: 10000, methode: 'bank' });
    // At the field: its message below it, the field marked and described by it, and focused.
    await waitFor(() => expect(bedrag.getAttribute('aria-invalid')).toBe('true'));
    const bericht = within(boeken).getByText('Het bedrag is hoger dan wat nog openstaat (€ 12,34).');
    expect(bedrag.closest('.MuiFormControl-root')?.contains(bericht)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(bedrag));
    expect(bedrag.value).toBe('100');
    expect((within(boeken).getByRole('radio', { name: 'Bank (overschrijving)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(boeken).getByLabelText(/Notitie/) as HTMLTextAreaElement).value).toBe('Overgemaakt');
  });

  it('refuses an amount that is not one before sending, in the words of the form', async () => {
    const mock = start({ [`GET ${PATH}`]: { body: { data: opvolging() } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Betaling boeken' }));
    const boeken = await screen.findByRole('dialog', { name: 'Betaling boeken' });
    fireEvent.change(within(boeken).getByLabelText(/Bedrag in euro/), { target: { value: '12,345' } });
    fireEvent.click(within(boeken).getByRole('radio', { name: 'Contant' }));
    fireEvent.click(within(boeken).getByRole('button', { name: 'Betaling boeken' }));
    expect(await within(boeken).findByText('Vul een bedrag in euro in, bijvoorbeeld 12,34.')).toBeTruthy();
    fireEvent.change(within(boeken).getByLabelText(/Bedrag in euro/), { target: { value: '200' } });
    fireEvent.click(within(boeken).getByRole('button', { name: 'Betaling boeken' }));
    expect(await within(boeken).findByText('Het bedrag is hoger dan wat nog openstaat (€ 172,43).')).toBeTruthy();
    expect(mock.callsTo(BOEKEN, 'POST')).toHaveLength(0);
  });

  it('reverses a payment only with a reason', async () => {
    const TERUG = `/api/v1/betalingen/${betaling.id}/terugboeken`;
    const terug = opvolging({ betalingen: [{ ...betaling, teruggeboekt: true }] });
    const mock = start({
      [`GET ${PATH}`]: [{ body: { data: deelsBetaald } }, { body: { data: terug } }],
      [`POST ${TERUG}`]: { status: 201, body: { data: terug, message: 'Betaling teruggeboekt' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Terugboeken: betaling van €\s12,34 op 27-11-2026$/ }));
    const vraag = await screen.findByRole('dialog', { name: 'Betaling terugboeken' });
    fireEvent.click(within(vraag).getByRole('button', { name: 'Terugboeken' }));
    expect(await within(vraag).findByText('Geef de reden van de terugboeking.')).toBeTruthy();
    expect(mock.callsTo(TERUG, 'POST')).toHaveLength(0);
    fireEvent.change(within(vraag).getByLabelText(/Reden van de terugboeking/), { target: { value: 'Op de verkeerde factuur geboekt' } });
    fireEvent.click(within(vraag).getByRole('button', { name: 'Terugboeken' }));
    await waitFor(() => expect(mock.callsTo(TERUG, 'POST')[0]?.body).toEqual({ reden: 'Op de verkeerde factuur geboekt' }));
    expect(await screen.findByText('Teruggeboekt')).toBeTruthy();
  });

  it('lists the timeline newest first', async () => {
    start({ [`GET ${PATH}`]: { body: { data: deelsBetaald } } });
    const lijst = await screen.findByTestId('opvolging-tijdlijn');
    expect(within(lijst).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Betaling € 12,34'),
      expect.stringContaining('uitgegeven'),
    ]);
  });

  it('offers handing over and the letter to print when they apply, and puts a disputed invoice back', async () => {
    const BESPREKING = `/api/v1/facturen/${ID}/bespreking`;
    const weerOpen = opvolging({ dagen_over_tijd: 40 });
    const mock = start({
      [`GET ${PATH}`]: [
        { body: { data: opvolging({ staat: 'in_bespreking', in_bespreking: true, dagen_over_tijd: 40, uit_handen_voorstel: true, per_post: true, brief_pdf: `/api/v1/facturen/${ID}/brief.pdf` }) } },
        { body: { data: weerOpen } },
      ],
      [`POST ${BESPREKING}`]: { body: { data: weerOpen, message: 'Factuur wordt weer gewoon opgevolgd' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Opvolging factuur 2026-0007' });
    expect((await within(dialog).findByRole('link', { name: 'Per post versturen' })).getAttribute('href')).toBe(`/api/v1/facturen/${ID}/brief.pdf`);
    expect(within(dialog).getByRole('button', { name: 'Uit handen gegeven' })).toBeTruthy();
    expect(within(dialog).getByText(/40 dagen over tijd/)).toBeTruthy();
    expect(within(dialog).getByText(/termijn van de 14-dagenbrief is voorbij/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bespreking beëindigen' }));
    const bespreking = await screen.findByRole('dialog', { name: 'Bespreking beëindigen' });
    fireEvent.change(within(bespreking).getByLabelText(/Notitie/), { target: { value: 'Klant betaalt alsnog' } });
    fireEvent.click(within(bespreking).getByRole('button', { name: 'Bespreking beëindigen' }));
    await waitFor(() => expect(mock.callsTo(BESPREKING, 'POST')[0]?.body).toEqual({ aan: false, notitie: 'Klant betaalt alsnog' }));
    expect(await within(dialog).findByRole('button', { name: 'In bespreking' })).toBeTruthy();
  });

  it('shows a credited invoice as settled by its credit invoice, with nothing to book', async () => {
    start({ [`GET ${PATH}`]: { body: { data: opvolging({ staat: 'gecrediteerd', gecrediteerd_door: '2026-0008', open_cents: 0, kan_betaling_boeken: false, dagen_over_tijd: 12 }) } } });
    const dialog = await screen.findByRole('dialog', { name: 'Opvolging factuur 2026-0007' });
    expect(await within(dialog).findByText('Gecrediteerd door 2026-0008', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Betaling boeken' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Uit handen gegeven' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'In bespreking' })).toBeNull();
  });
});
