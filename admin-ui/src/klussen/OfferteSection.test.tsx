import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createFetchMock, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { createDataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { theme } from '../theme';
import { OfferteSection } from './OfferteSection';

const ID = '00000000-0000-4000-8000-000000000001';
const PATH = `/api/v1/klussen/${ID}/offerte`;

/** A concept as the server answers it: a fixed price of € 150,50 and 2 × € 12,50 material. */
const concept = {
  id: '00000000-0000-4000-8000-0000000000a1',
  klus_id: ID,
  nummer: 'O2026-0001',
  versie: 1,
  status: 'concept',
  arbeid_wijze: 'vast',
  arbeid_omschrijving: 'Kast ophangen',
  arbeid_uren: null,
  uurtarief_cents: 6500,
  materialen: [{ omschrijving: 'Plank', aantal: 2, prijs_cents: 1250 }],
  arbeid_cents: 15050,
  materiaal_cents: 2500,
  subtotaal_cents: 17550,
  btw_cents: 3686,
  totaal_cents: 21236,
  geldig_tot: '2026-12-21',
  regels: [
    { omschrijving: 'Kast ophangen', aantal: 1, eenheid: 'vaste prijs', prijs_cents: 15050, bedrag_cents: 15050 },
    { omschrijving: 'Plank', aantal: 2, eenheid: 'stuk', prijs_cents: 1250, bedrag_cents: 2500 },
  ],
  verstuurd_op: null,
  beslist_op: null,
  reden: '',
  eerdere: [],
};
const verstuurd = { ...concept, status: 'verstuurd', verstuurd_op: '2026-11-21T09:00:00Z' };

function start(routes: Record<string, Responder | Responder[]>, { bewerkbaar = true, heeftEmail = true } = {}) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} theme={theme}>
        <OfferteSection klusId={ID} bewerkbaar={bewerkbaar} heeftEmail={heeftEmail} uurtariefCents={6500} />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

/** Text with its (non-breaking) spaces as plain spaces: € 212,36. */
const plain = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The value of a label in the editor's live calculation (a dt followed by its dd). */
const berekend = (dialog: HTMLElement, label: string) => plain(within(within(dialog).getByTestId('offerte-berekening')).getByText(label).nextElementSibling);

// The dates of the fixtures stay valid: today is 21 November 2026 in Amsterdam. At 23:30 UTC on
// 20 November it is already the 21st there, so a default counted in the browser's zone would differ.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T23:30:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OfferteSection (D26)', () => {
  it('makes a quote: checks the fields first, calculates as the server does, sends cents, and shows the concept', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: null } },
      [`PUT ${PATH}`]: { body: { data: concept, message: 'Offerte opgeslagen' } },
    });
    expect(await screen.findByText('Nog geen offerte.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Offerte maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offerte maken' });
    expect(within(dialog).getByText('Uurtarief van deze klus: € 65,00')).toBeTruthy();
    expect((within(dialog).getByLabelText('Geldig tot en met') as HTMLInputElement).value).toBe('2026-12-21');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Materiaalregel toevoegen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(dialog).getByText('Vul een vaste prijs in van meer dan € 0.')).toBeTruthy());
    expect(within(dialog).getByText('Beschrijf het werk (hoogstens 200 tekens).')).toBeTruthy();
    expect(within(dialog).getByText('Beschrijf het materiaal (hoogstens 200 tekens).')).toBeTruthy();
    expect(within(dialog).getByText('Vul een prijs per stuk in (€ 0 of meer).')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Prijs \(excl\. btw\)/).getAttribute('aria-invalid')).toBe('true');
    expect(mock.callsTo(PATH, 'PUT')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Omschrijving van het werk/), { target: { value: '  Kast   ophangen ' } });
    fireEvent.change(within(dialog).getByLabelText(/Prijs \(excl\. btw\)/), { target: { value: '150,50' } });
    const regel = within(dialog).getByRole('group', { name: 'Materiaalregel 1' });
    fireEvent.change(within(regel).getByLabelText(/^Omschrijving/), { target: { value: 'Plank' } });
    fireEvent.change(within(regel).getByLabelText(/^Aantal/), { target: { value: '2' } });
    fireEvent.change(within(regel).getByLabelText(/Prijs per stuk/), { target: { value: '12.50' } });
    // 150,50 + 2 × 12,50 = 175,50; 21 % of it is 36,855, rounded half up to 36,86.
    expect(berekend(dialog, 'Subtotaal')).toBe('€ 175,50');
    expect(berekend(dialog, 'Btw 21%')).toBe('€ 36,86');
    expect(berekend(dialog, 'Totaal (incl. btw)')).toBe('€ 212,36');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(mock.callsTo(PATH, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toEqual({
      arbeid_wijze: 'vast',
      arbeid_omschrijving: 'Kast ophangen',
      arbeid_cents: 15050,
      arbeid_uren: 0,
      materialen: [{ omschrijving: 'Plank', aantal: 2, prijs_cents: 1250 }],
      geldig_tot: '2026-12-21',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(plain(screen.getByTestId('offerte-status'))).toBe('Concept'));
    expect(plain(screen.getByTestId('offerte-totaal'))).toBe('€ 212,36');
    expect(plain(screen.getByTestId('offerte'))).toContain('O2026-0001, versie 1');
    expect(plain(screen.getByTestId('offerte'))).toContain('Geldig tot en met 21-12-2026');
    expect(screen.getByRole('button', { name: 'Offerte wijzigen' })).toBeTruthy();
    expect(mock.unexpected).toEqual([]);
  });

  it('sends a concept only after the confirmation, and shows it as sent', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: concept } },
      [`POST ${PATH}/versturen`]: { body: { data: verstuurd, message: 'Offerte verstuurd' } },
    });
    await waitFor(() => expect(plain(screen.queryByTestId('offerte-status'))).toBe('Concept'));
    expect(screen.getByRole('link', { name: 'PDF bekijken' }).getAttribute('href')).toBe(`${PATH}.pdf`);
    fireEvent.click(screen.getByRole('button', { name: 'Offerte versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offerte versturen?' });
    expect(within(dialog).getByText('De klant krijgt de offerte als PDF per e-mail, met de persoonlijke statuslink om akkoord te geven.')).toBeTruthy();
    expect(mock.callsTo(`${PATH}/versturen`, 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(mock.callsTo(`${PATH}/versturen`, 'POST')).toHaveLength(1));
    await waitFor(() => expect(plain(screen.getByTestId('offerte-status'))).toBe('Offerte verstuurd'));
    expect(plain(screen.getByTestId('offerte'))).toContain('Verstuurd op');
    expect(screen.queryByRole('button', { name: 'Offerte versturen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nieuwe versie maken' })).toBeTruthy();
    expect(mock.callsTo(`${PATH}/versturen`, 'POST')).toHaveLength(1);
  });

  it('does not send a quote to a customer without an e-mail address', async () => {
    start({ [`GET ${PATH}`]: { body: { data: concept } } }, { heeftEmail: false });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Offerte versturen' }) as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText('De klant heeft geen e-mailadres; de offerte kan niet per e-mail worden verstuurd.')).toBeTruthy();
  });

  it("keeps what was typed on the server's refusals: field messages at their fields, a conflict in the dialog", async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: concept } },
      [`PUT ${PATH}`]: [
        {
          status: 400,
          body: {
            error: {
              code: 'invalid_offerte',
              message: 'Controleer de gemarkeerde velden.',
              fields: { 'materialen.0.omschrijving': 'Beschrijf het materiaal (hoogstens 200 tekens).' },
            },
          },
        },
        { status: 409, body: { error: { code: 'offerte_akkoord', message: 'De klant heeft deze offerte al geaccepteerd; die verandert niet meer.' } } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Offerte wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offerte wijzigen' });
    expect((within(dialog).getByLabelText(/Prijs \(excl\. btw\)/) as HTMLInputElement).value).toBe('150,50');
    const regel = within(dialog).getByRole('group', { name: 'Materiaalregel 1' });
    expect((within(regel).getByLabelText(/^Omschrijving/) as HTMLInputElement).value).toBe('Plank');
    fireEvent.change(within(dialog).getByLabelText(/Omschrijving van het werk/), { target: { value: 'Kast en plank ophangen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(regel).getByText('Beschrijf het materiaal (hoogstens 200 tekens).')).toBeTruthy());
    expect(within(regel).getByLabelText(/^Omschrijving/).getAttribute('aria-invalid')).toBe('true');
    // The server's message takes the focus to its field, as the console's own checks do.
    await waitFor(() => expect(document.activeElement).toBe(within(regel).getByLabelText(/^Omschrijving/)));
    expect((within(dialog).getByLabelText(/Omschrijving van het werk/) as HTMLInputElement).value).toBe('Kast en plank ophangen');
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toMatchObject({ arbeid_omschrijving: 'Kast en plank ophangen', geldig_tot: '2026-12-21' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(dialog).getByText('De klant heeft deze offerte al geaccepteerd; die verandert niet meer.')).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Offerte wijzigen' })).toBeTruthy();
    expect((within(dialog).getByLabelText(/Omschrijving van het werk/) as HTMLInputElement).value).toBe('Kast en plank ophangen');
  });

  it('shows an accepted quote without any way to change or send it', async () => {
    start({
      [`GET ${PATH}`]: {
        body: { data: { ...verstuurd, versie: 2, status: 'akkoord', beslist_op: '2026-11-23T13:15:00Z', eerdere: [{ versie: 1, status: 'niet_akkoord', totaal_cents: 10000, verstuurd_op: '2026-11-20T09:00:00Z', beslist_op: '2026-11-21T09:00:00Z' }] } },
      },
    });
    await waitFor(() => expect(plain(screen.queryByTestId('offerte-status'))).toBe('Akkoord'));
    const offerte = plain(screen.getByTestId('offerte'));
    expect(offerte).toContain('O2026-0001, versie 2');
    expect(offerte).toContain('Akkoord gegeven op 23 nov 2026, 14:15');
    expect(plain(screen.getByTestId('offerte-eerdere'))).toContain('versie 1 – Niet akkoord – € 100,00');
    for (const name of ['Offerte wijzigen', 'Nieuwe versie maken', 'Offerte versturen', 'Offerte maken']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('link', { name: 'PDF bekijken' })).toBeTruthy();
  });

  it('says of a version sent and then replaced by a newer one that it was replaced, not sent', async () => {
    start({
      [`GET ${PATH}`]: {
        body: { data: { ...verstuurd, versie: 2, eerdere: [{ versie: 1, status: 'verstuurd', totaal_cents: 10000, verstuurd_op: '2026-11-20T09:00:00Z', beslist_op: null }] } },
      },
    });
    await waitFor(() => expect(plain(screen.queryByTestId('offerte-status'))).toBe('Offerte verstuurd'));
    const eerdere = plain(screen.getByTestId('offerte-eerdere'));
    expect(eerdere).toContain('versie 1 – Vervangen door versie 2 – € 100,00');
    expect(eerdere).not.toContain('verstuurd');
  });

  it("offers a new version of a sent or declined quote, and shows the customer's reason", async () => {
    start({
      [`GET ${PATH}`]: { body: { data: { ...verstuurd, status: 'niet_akkoord', beslist_op: '2026-11-22T10:00:00Z', reden: 'Te duur.' } } },
    });
    await waitFor(() => expect(plain(screen.queryByTestId('offerte-status'))).toBe('Niet akkoord'));
    expect(plain(screen.getByTestId('offerte'))).toContain('Niet akkoord op 22 nov 2026, 11:00');
    expect(plain(screen.getByTestId('offerte'))).toContain('Reden van de klant: Te duur.');
    expect(screen.queryByRole('button', { name: 'Offerte versturen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe versie maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe versie maken' });
    expect(within(dialog).getByText(/Dit wordt versie 2/)).toBeTruthy();
    expect((within(dialog).getByLabelText(/Omschrijving van het werk/) as HTMLInputElement).value).toBe('Kast ophangen');
  });

  it('prices hours at the job rate: 2,5 hours at € 65,00 is € 162,50, sent as hours', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: null } },
      [`PUT ${PATH}`]: { status: 409, body: { error: { code: 'klus_done', message: 'Deze klus is al afgerond; een offerte past er niet meer bij.' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Offerte maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offerte maken' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Uren × uurtarief' }));
    fireEvent.change(within(dialog).getByLabelText(/Omschrijving van het werk/), { target: { value: 'Schilderen' } });
    fireEvent.change(within(dialog).getByLabelText(/Aantal uren/), { target: { value: '2.3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(within(dialog).getByText('Vul het aantal uren in, in halve uren (0,5 tot 100).')).toBeTruthy());
    expect(mock.callsTo(PATH, 'PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Aantal uren/), { target: { value: '2.5' } });
    expect(berekend(dialog, 'Arbeid')).toBe('€ 162,50');
    expect(berekend(dialog, 'Totaal (incl. btw)')).toBe('€ 196,63');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(mock.callsTo(PATH, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toMatchObject({ arbeid_wijze: 'uren', arbeid_uren: 2.5, arbeid_cents: 0, materialen: [] });
    await waitFor(() => expect(within(dialog).getByText('Deze klus is al afgerond; een offerte past er niet meer bij.')).toBeTruthy());
  });

  it('removes a material line by its number', async () => {
    start({ [`GET ${PATH}`]: { body: { data: null } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Offerte maken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offerte maken' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Materiaalregel toevoegen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Materiaalregel toevoegen' }));
    // A new line's description has the focus, so typing starts there.
    const tweede = within(within(dialog).getByRole('group', { name: 'Materiaalregel 2' })).getByLabelText(/^Omschrijving/);
    await waitFor(() => expect(document.activeElement).toBe(tweede));
    fireEvent.change(tweede, { target: { value: 'Schroeven' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen: materiaalregel 1' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Materiaalregel 2' })).toBeNull());
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Materiaalregel toevoegen' }));
    expect(within(dialog).getAllByRole('group', { name: /^Materiaalregel/ })).toHaveLength(1);
    expect((within(within(dialog).getByRole('group', { name: 'Materiaalregel 1' })).getByLabelText(/^Omschrijving/) as HTMLInputElement).value).toBe('Schroeven');
  });
});
