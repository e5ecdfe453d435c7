import { render, screen, waitFor } from '@testing-library/react';
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
};

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
});
