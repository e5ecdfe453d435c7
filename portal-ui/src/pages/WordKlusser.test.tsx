import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockFetch, type Call } from '../test/fetchMock';
import WordKlusser from './WordKlusser';

async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/word-klusser', element: <WordKlusser /> },
      { path: '/', element: <h1>Home</h1> },
      { path: '*', element: <h1>Elders</h1> },
    ],
    { initialEntries: ['/word-klusser'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const set = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Aanmelding versturen' }));
const alertText = () => screen.getAllByRole('alert').map((a) => a.textContent).join(' ');

function fillRequired() {
  set(/^Naam/, 'Henk de Vries');
  set(/^Leeftijd/, '68');
  set(/^Woonplaats/, 'Wassenaar');
  set(/^Telefoonnummer/, '06 12345678');
  set(/^Waarom wilt u klusser worden/, 'Ik help graag.');
}

describe('apply as klusser', () => {
  let calls: Call[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the login card, the requirements and the pay', () => {
    calls = mockFetch();
    renderPage();
    expect(screen.getByRole('link', { name: 'Inloggen als klusser' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByText('€ 35 per uur, all-in')).toBeTruthy();
    for (const r of ['U bent 65 jaar of ouder', 'U heeft eigen vervoer', 'U bent minimaal 1 dag per week beschikbaar']) {
      expect(screen.getByText(r)).toBeTruthy();
    }
    const age = screen.getByLabelText(/^Leeftijd/);
    expect(age.getAttribute('min')).toBe('65');
    expect(age.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/^Leeftijd/).closest('.form-field')?.textContent).toContain('(verplicht)');
    expect(screen.getByLabelText(/^Woonplaats/).hasAttribute('required')).toBe(true);
  });

  it('refuses missing fields and no day with the message, focusing the first', async () => {
    calls = mockFetch();
    renderPage();
    send();
    expect(alertText()).toBe('Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Naam/));
    expect(screen.getByLabelText(/^Naam/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Naam/).getAttribute('aria-describedby')).toContain('aanmelding-fout');
    expect(screen.getByLabelText(/^E-mailadres/).getAttribute('aria-invalid')).toBeNull();
    fillRequired();
    send();
    expect(alertText()).toBe('Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid');
    expect(document.activeElement).toBe(screen.getByLabelText('Maandag'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends, shows the success message and goes home after 2 s', async () => {
    calls = mockFetch({ '/api/v1/public/aanmeldingen': () => json(201, { id: 'a1' }) });
    const router = renderPage();
    fillRequired();
    fireEvent.click(screen.getByLabelText('Dinsdag'));
    fireEvent.click(screen.getByLabelText('Vrijdag'));
    fireEvent.click(screen.getByLabelText(/Ik heb eigen vervoer/));
    send();
    expect(screen.getByRole('button', { name: 'Bezig met versturen...' })).toHaveProperty('disabled', true);
    await flush();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    expect(post?.body).toMatchObject({
      naam: 'Henk de Vries',
      leeftijd: 68,
      beschikbaarheid: ['Dinsdag', 'Vrijdag'],
      heeft_vog: false,
      heeft_vervoer: true,
      website: '',
    });
    expect(
      screen.getByText('Uw aanmelding is ontvangen! We beoordelen uw aanmelding en nemen binnen 2 werkdagen contact op.'),
    ).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(router.state.location.pathname).toBe('/word-klusser');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the failure message and stays enabled', async () => {
    let fail = true;
    mockFetch({ '/api/v1/public/aanmeldingen': () => (fail ? json(500, {}) : json(201, { id: 'a2' })) });
    renderPage();
    fillRequired();
    fireEvent.click(screen.getByLabelText('Maandag'));
    send();
    await flush();
    expect(alertText()).toBe('Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.');
    const button = screen.getByRole('button', { name: 'Aanmelding versturen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect((screen.getByLabelText(/^Naam/) as HTMLInputElement).value).toBe('Henk de Vries');
    fail = false;
    send();
    await flush();
    expect(screen.getByText(/Uw aanmelding is ontvangen!/)).toBeTruthy();
  });

  it('shows the age rule as the field message under leeftijd, not as the alert, and sends nothing', async () => {
    calls = mockFetch();
    renderPage();
    await flush();
    fillRequired();
    set(/^Leeftijd/, '60');
    fireEvent.click(screen.getByLabelText('Dinsdag'));
    send();
    await flush();
    const age = screen.getByLabelText(/^Leeftijd/);
    expect(screen.getByText('Klussers zijn 65 jaar of ouder.').id).toBe('aanmelding-leeftijd-fout');
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(age.getAttribute('aria-describedby')).toContain('aanmelding-leeftijd-fout');
    expect(document.activeElement).toBe(age);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    set(/^Leeftijd/, '66');
    expect(screen.queryByText('Klussers zijn 65 jaar of ouder.')).toBeNull();
  });

  it("shows the server's field message under its field", async () => {
    mockFetch({
      '/api/v1/public/aanmeldingen': () =>
        json(400, { error: { code: 'invalid', message: 'x', fields: { postcode: 'Vul een geldige postcode in, bijvoorbeeld 2271 AB.' } } }),
    });
    renderPage();
    fillRequired();
    set(/^Postcode/, 'XYZ');
    fireEvent.click(screen.getByLabelText('Maandag'));
    send();
    await flush();
    const postcode = screen.getByLabelText(/^Postcode/);
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(postcode);
    expect(screen.getByText('Vul een geldige postcode in, bijvoorbeeld 2271 AB.').id).toBe('aanmelding-postcode-fout');
  });
});
