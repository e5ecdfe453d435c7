import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StatusPage from './StatusPage';

const status = {
  categorie: 'Montage & Ophangwerk',
  beschrijving: 'Kapstok ophangen',
  datum: '2026-11-24',
  tijd: 'middag',
  woonplaats: 'Voorburg',
  stand: 'Aanvraag ontvangen',
  status: 'open',
  gepland_op: null,
  klusser: null,
  support_telefoon: '070 300 40 50',
  annuleerbaar: true,
  factuur_pdf: '',
  schouw: null,
  offerte: null,
  factuur: null,
};

const offerte = {
  nummer: 'O2026-0007',
  versie: 2,
  status: 'verstuurd',
  regels: [
    { omschrijving: 'Kapstok ophangen', aantal: 2.5, eenheid: 'uur', prijs_cents: 4500, bedrag_cents: 11250 },
    { omschrijving: 'Voorrijden', aantal: 1, eenheid: 'vaste prijs', prijs_cents: 2500, bedrag_cents: 2500 },
    { omschrijving: 'Pluggen en schroeven', aantal: 3, eenheid: 'stuk', prijs_cents: 2500, bedrag_cents: 7500 },
  ],
  arbeid_cents: 13750,
  materiaal_cents: 7500,
  subtotaal_cents: 102000,
  btw_cents: 21420,
  totaal_cents: 123420,
  geldig_tot: '2026-12-24',
  beslist_op: null,
  reden: '',
  beslisbaar: true,
  in_bewerking: false,
};
const quoted = { ...status, offerte };

/** Text with its white space tidied (Intl puts a no-break space after the euro sign). */
const tidy = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** The texts of an element's children (table cells, a term and its value), each tidied, joined by ' | '. */
const parts = (el: Element | null) => Array.from(el?.children ?? []).map(tidy).join(' | ');
const posts = (fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function renderAt(token: string) {
  return render(
    <MemoryRouter initialEntries={[`/status/${token}`]}>
      <Routes>
        <Route path="/status/:token" element={<StatusPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('/status/:token', () => {
  it('shows the stand, the request and the support phone', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, status));
    renderAt('tok');
    expect(await screen.findByText('Aanvraag ontvangen', { selector: '.status-stand' })).toBeTruthy();
    expect(screen.getByText('Kapstok ophangen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bel 070 300 40 50' }).getAttribute('href')).toBe('tel:0703004050');
    expect(screen.getByText('Aanvraag ontvangen', { selector: 'li' }).getAttribute('aria-current')).toBe('step');
  });

  it('shows the planned free survey with its date, time and who comes, and afterwards that it took place (D26)', async () => {
    const planned = { ...status, schouw: { start: '2026-11-26T09:30:00Z', opnemer: 'Kees de Opnemer', uitgevoerd: false } };
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, planned));
    const { unmount } = renderAt('tok');
    const card = await screen.findByRole('region', { name: 'Uw gratis schouw' });
    expect(card.textContent).toContain('donderdag 26 november 2026 om 10:30');
    expect(card.textContent).toContain('Kees de Opnemer komt bij u langs om de klus te bekijken. Dit is gratis en vrijblijvend.');
    unmount();
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, { ...planned, schouw: { ...planned.schouw, uitgevoerd: true } }));
    renderAt('tok');
    const done = await screen.findByRole('region', { name: 'Uw gratis schouw' });
    expect(done.textContent).toContain('Kees de Opnemer heeft de klus bij u bekeken. U krijgt van ons een vaste prijs voor de klus.');
  });

  it('looks like any unknown page for a wrong link (D21)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(404, { error: { code: 'not_found', message: 'x' } }));
    renderAt('wrong');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
  });

  it("says the server's own words when it refuses (too many requests from this address)", async () => {
    const tooMany = 'U heeft deze pagina te vaak opgevraagd. Wacht een paar minuten en probeer het opnieuw.';
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(429, { error: { code: 'too_many_requests', message: tooMany } }));
    renderAt('tok');
    expect(await screen.findByText(tooMany)).toBeTruthy();
  });

  it('cancels after the confirmation and shows the new state', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      String(input).endsWith('/annuleren')
        ? answer(200, { ...status, stand: 'Geannuleerd', status: 'geannuleerd', annuleerbaar: false })
        : answer(200, status),
    );
    renderAt('tok');
    await userEvent.click(await screen.findByRole('button', { name: 'Aanvraag annuleren' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ja, annuleren' }));
    await waitFor(() => expect(screen.getByText('Geannuleerd', { selector: '.status-stand' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Aanvraag annuleren' })).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/tok/annuleren') && init?.method === 'POST')).toBe(true);
  });

  it('shows who comes once planned, by first name only', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(200, { ...status, stand: 'Ingepland', status: 'ingepland', annuleerbaar: false, gepland_op: '2026-11-26T09:00:00Z', klusser: { voornaam: 'Piet', foto: '/files/public/p.jpg' } }),
    );
    renderAt('tok');
    expect(await screen.findByRole('img', { name: 'Foto van Piet' })).toBeTruthy();
    expect(screen.getByText(/om 10:00/)).toBeTruthy(); // 09:00 UTC is 10:00 in Amsterdam in November
  });
  it('a finished job: every step ✓, Afgerond included, and who did it, first name and photo (D24)', async () => {
    const klusser = { voornaam: 'Piet', foto: '/files/public/p.jpg' };
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(200, { ...status, stand: 'Afgerond', status: 'afgerond', annuleerbaar: false, gepland_op: '2026-11-26T09:00:00Z', klusser }),
    );
    renderAt('tok');
    const card = await screen.findByRole('region', { name: 'Uw klusser' });
    expect(tidy(card)).toBe('Uw klusserDe klus is gedaan door Piet.');
    expect(within(card).getByRole('img', { name: 'Foto van Piet' }).getAttribute('src')).toBe('/files/public/p.jpg');
    const steps = within(screen.getByRole('list', { name: 'Voortgang van uw aanvraag' })).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('.status-step-dot')?.textContent)).toEqual(['✓', '✓', '✓', '✓']);
    expect(steps[3]?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('region', { name: 'Uw afspraak' })).toBeNull();
  });

  it('a job the office assigned without a time yet names its klusser under Uw afspraak', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(200, { ...status, stand: 'Ingepland', status: 'ingepland', annuleerbaar: false, klusser: { voornaam: 'Piet', foto: '' } }),
    );
    renderAt('tok');
    const card = await screen.findByRole('region', { name: 'Uw afspraak' });
    expect(tidy(card)).toBe('Uw afspraakDe klusser spreekt de dag en de tijd met u af.Uw klusser is Piet.');
  });

  it('after the acceptance, the quote says what comes next by where the job stands', async () => {
    const accepted = { ...offerte, status: 'akkoord', beslisbaar: false, beslist_op: '2026-11-20T10:00:00Z' };
    const cases: [string, string, string][] = [
      ['open', 'Aanvraag ontvangen', 'Wij plannen de klus en laten u weten wie er komt.'],
      ['ingepland', 'Ingepland', 'De klus is ingepland. Hierboven ziet u wie er komt.'],
      ['bezig', 'Bezig', 'Uw klusser is nu met de klus bezig.'],
      ['afgerond', 'Afgerond', 'De klus is afgerond.'],
    ];
    for (const [st, stand, zin] of cases) {
      vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, { ...status, status: st, stand, annuleerbaar: false, offerte: accepted }));
      const { unmount } = renderAt('tok');
      const card = await screen.findByRole('region', { name: 'Uw offerte' });
      expect(tidy(card)).toContain(`U bent akkoord gegaan op 20 november 2026. ${zin}`);
      if (st !== 'open') expect(tidy(card)).not.toContain('Wij plannen de klus');
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('shows no invoice before the job is finished, and the invoice with how to pay once it is (D30)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, status));
    const { unmount } = renderAt('tok');
    await screen.findByText('Aanvraag ontvangen', { selector: '.status-stand' });
    expect(screen.queryByRole('region', { name: 'Uw factuur' })).toBeNull();
    unmount();
    vi.restoreAllMocks();
    const factuur = {
      factuurnummer: 'DH2026-0042', totaal_cents: 15730, open_cents: 15730, vervaldatum: '2026-12-11', iban: 'NL91ABNA0417164300',
      uitgever: 'Klusmaat Den Haag B.V.', staat: 'open', gecrediteerd_door: null,
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      answer(200, { ...status, stand: 'Afgerond', status: 'afgerond', annuleerbaar: false, factuur_pdf: '/api/v1/status/tok/factuur.pdf', factuur }),
    );
    renderAt('tok');
    const card = await screen.findByRole('region', { name: 'Uw factuur' });
    expect(tidy(card)).toContain('Nog te betalen: € 157,30');
    expect(tidy(card)).toContain('Vermeld bij de betaling: DH2026-0042');
    expect(within(card).getByRole('link', { name: 'Download uw factuur (PDF)' }).getAttribute('href')).toBe('/api/v1/status/tok/factuur.pdf');
  });

  describe('the quote (D26)', () => {
    it('shows the lines, the total incl. VAT, the validity and both answers of a sent quote', async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, quoted));
      renderAt('tok');
      const card = await screen.findByRole('region', { name: 'Uw offerte' });
      expect(tidy(card)).toContain('Offerte O2026-0007 (versie 2)');
      const rows = within(card).getAllByRole('row').map(parts);
      expect(rows).toEqual([
        'Omschrijving | Bedrag',
        'Kapstok ophangen2,5 uur × € 45,00 | € 112,50',
        'Voorrijden | € 25,00',
        'Pluggen en schroeven3 × € 25,00 | € 75,00',
      ]);
      expect(within(card).getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(['col', 'col']);
      expect(Array.from(card.querySelectorAll('.status-offerte-sommen > div')).map(parts)).toEqual([
        'Subtotaal (excl. btw) | € 1.020,00',
        'Btw 21% | € 214,20',
        'Totaal (incl. btw) | € 1.234,20',
      ]);
      expect(tidy(card)).toContain(
        'Deze prijs is een vaste prijs: ook de 2,5 uur arbeid staat vast. Duurt de klus langer, dan betaalt u niet meer. ' +
          'Meer werk dan in deze offerte staat, doen wij alleen als u daar eerst mee akkoord gaat. Geldig tot en met 24 december 2026.');
      expect(tidy(card)).toContain('Gaat u akkoord? Dan plannen wij de klus en ziet u hier wie er komt, met naam en foto.');
      expect(within(card).getByRole('button', { name: 'Akkoord' })).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Niet akkoord' })).toBeTruthy();
    });

    it('accepts after the confirmation, sending the version read, and shows the new state with thanks', async () => {
      const decided = { ...quoted, offerte: { ...offerte, status: 'akkoord', beslisbaar: false, beslist_op: '2026-11-30T23:30:00Z' } };
      const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => answer(200, String(input).endsWith('/offerte') ? decided : quoted));
      renderAt('tok');
      const card = await screen.findByRole('region', { name: 'Uw offerte' });
      await userEvent.click(within(card).getByRole('button', { name: 'Akkoord' }));
      const dialog = screen.getByRole('dialog', { name: 'Akkoord met de offerte?' });
      expect(tidy(dialog)).toContain('Weet u het zeker? U gaat akkoord met de offerte van € 1.234,20.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, ik ga akkoord' }));
      // 23:30 UTC on 30 November is 1 December in Amsterdam.
      await waitFor(() => expect(tidy(card)).toContain('U bent akkoord gegaan op 1 december 2026. Wij plannen de klus en laten u weten wie er komt.'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(within(card).queryByRole('button', { name: 'Akkoord' })).toBeNull();
      expect(within(card).getByRole('status').textContent).toBe('Dank u wel voor uw akkoord.');
      expect(posts(fetch, '/tok/offerte')).toEqual([{ versie: 2, besluit: 'akkoord', reden: '' }]);
      expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Uw offerte' }));
    });

    it("declines with the customer's reason", async () => {
      const decided = { ...quoted, offerte: { ...offerte, status: 'niet_akkoord', beslisbaar: false, beslist_op: '2026-11-30T10:00:00Z', reden: 'Te duur' } };
      const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => answer(200, String(input).endsWith('/offerte') ? decided : quoted));
      renderAt('tok');
      await userEvent.click(await screen.findByRole('button', { name: 'Niet akkoord' }));
      const dialog = screen.getByRole('dialog', { name: 'Niet akkoord met de offerte?' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Wilt u zeggen waarom? (mag leeg blijven)' }), ' Te duur ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Niet akkoord versturen' }));
      const card = screen.getByRole('region', { name: 'Uw offerte' });
      await waitFor(() => expect(tidy(card)).toContain('U heeft aangegeven niet akkoord te gaan. Wij nemen contact met u op.'));
      expect(within(card).getByRole('status').textContent).toBe('Dank u wel voor uw antwoord.');
      expect(posts(fetch, '/tok/offerte')).toEqual([{ versie: 2, besluit: 'niet_akkoord', reden: 'Te duur' }]);
    });

    it('goes back without sending anything', async () => {
      const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, quoted));
      renderAt('tok');
      await userEvent.click(await screen.findByRole('button', { name: 'Akkoord' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Terug' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(posts(fetch, '/tok/offerte')).toEqual([]);
    });

    it("shows the server's message when the quote changed meanwhile, and reloads to show the new version", async () => {
      const changed = 'De offerte is intussen gewijzigd. Bekijk de nieuwe offerte hieronder.';
      const v3 = { ...quoted, offerte: { ...offerte, versie: 3, totaal_cents: 99900 } };
      let gets = 0;
      const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
        if (String(input).endsWith('/offerte')) return answer(409, { error: { code: 'offerte_changed', message: changed } });
        gets += 1;
        return answer(200, gets === 1 ? quoted : v3);
      });
      renderAt('tok');
      await userEvent.click(await screen.findByRole('button', { name: 'Akkoord' }));
      await userEvent.click(screen.getByRole('button', { name: 'Ja, ik ga akkoord' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(changed);
      const card = screen.getByRole('region', { name: 'Uw offerte' });
      await waitFor(() => expect(tidy(card)).toContain('Offerte O2026-0007 (versie 3)'));
      expect(parts(card.querySelector('.status-offerte-totaal'))).toBe('Totaal (incl. btw) | € 999,00');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(posts(fetch, '/tok/offerte')).toEqual([{ versie: 2, besluit: 'akkoord', reden: '' }]);
      expect(gets).toBe(2);
    });

    it('shows a refused reason at the field, in the open dialog', async () => {
      const tooLong = 'De reden mag hoogstens 1000 tekens lang zijn.';
      vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
        String(input).endsWith('/offerte')
          ? answer(400, { error: { code: 'invalid_besluit', message: "Kies 'Akkoord' of 'Niet akkoord'.", fields: { reden: tooLong } } })
          : answer(200, quoted),
      );
      renderAt('tok');
      await userEvent.click(await screen.findByRole('button', { name: 'Niet akkoord' }));
      await userEvent.click(screen.getByRole('button', { name: 'Niet akkoord versturen' }));
      const field = await screen.findByRole('textbox', { name: 'Wilt u zeggen waarom? (mag leeg blijven)' });
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText(tooLong).id).toBe(field.getAttribute('aria-describedby'));
      expect(document.activeElement).toBe(field);
    });

    it('has no answers for an expired quote, and says to call for a new one', async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, { ...quoted, offerte: { ...offerte, status: 'verlopen', beslisbaar: false } }));
      renderAt('tok');
      const card = await screen.findByRole('region', { name: 'Uw offerte' });
      expect(tidy(card)).toContain('Deze offerte is verlopen. Bel ons op 070 300 40 50 voor een nieuwe offerte.');
      expect(within(card).getByRole('link', { name: '070 300 40 50' }).getAttribute('href')).toBe('tel:0703004050');
      expect(within(card).queryByRole('button')).toBeNull();
    });

    it('has no answers while the office writes a new version', async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, { ...quoted, offerte: { ...offerte, beslisbaar: false, in_bewerking: true } }));
      renderAt('tok');
      const card = await screen.findByRole('region', { name: 'Uw offerte' });
      expect(tidy(card)).toContain('Wij passen de offerte aan. U krijgt de nieuwe offerte per e-mail.');
      expect(within(card).queryByRole('button')).toBeNull();
    });

    it('is not shown for a cancelled request', async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
        answer(200, { ...quoted, stand: 'Geannuleerd', status: 'geannuleerd', annuleerbaar: false }),
      );
      renderAt('tok');
      await screen.findByText('Geannuleerd', { selector: '.status-stand' });
      expect(screen.queryByRole('region', { name: 'Uw offerte' })).toBeNull();
    });

    it('passes axe with the quote and its dialog', async () => {
      const { default: axe } = await import('axe-core');
      vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer(200, quoted));
      const { container } = renderAt('tok');
      await userEvent.click(await screen.findByRole('button', { name: 'Niet akkoord' }));
      const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.map((v) => v.id)).toEqual([]);
      // The table, the term list and the reason's label were checked, not skipped.
      expect(results.passes.map((p) => p.id)).toEqual(expect.arrayContaining(['th-has-data-cells', 'definition-list', 'label', 'aria-dialog-name']));
    });
  });
});
