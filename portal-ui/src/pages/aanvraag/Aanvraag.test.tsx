import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { json, mockFetch, type Call } from '../../test/fetchMock';
import Aanvraag from './Aanvraag';

// Wednesday 19 November 2025, 11:30 in the Netherlands: an instant, and another date in both zones
// make test runs in (already Thursday in Kiritimati, still Tuesday in Pago Pago), so a wizard that
// used the machine's zone fails.
const NOW = new Date('2025-11-19T10:30:00Z');

/** Lets pending promises (fetch, response bodies) settle without moving the fake clock. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  });
}

function renderWizard(path = '/aanvraag') {
  const router = createMemoryRouter(
    [
      { path: '/aanvraag', element: <Aanvraag /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));
const previous = () => fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
const alertText = () => screen.getByRole('alert').textContent;
const stepHeading = () => screen.getByRole('heading', { level: 2, name: /^Stap \d van 4/ });

async function toStep4() {
  fireEvent.click(screen.getByLabelText(/Montage & Ophangwerk/));
  next();
  fireEvent.change(screen.getByLabelText('Wat moet er gebeuren?'), { target: { value: 'Lamp ophangen' } });
  next();
  fireEvent.click(screen.getByRole('button', { name: /donderdag 20 november 2025/ }));
  fireEvent.click(screen.getByLabelText('middag (12:00-17:00)'));
  next();
  await flush();
  expect(stepHeading().textContent).toBe('Stap 4 van 4: Uw gegevens');
}

function fillContact(email = '') {
  const set = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('Naam', 'Mevrouw Jansen');
  set('Telefoonnummer', '070 123 45 67');
  if (email) set('E-mailadres (niet verplicht)', email);
  set('Adres (straat en huisnummer)', 'Herenstraat 1');
  set('Postcode', '2271 AB');
  set('Woonplaats', 'Voorburg');
}

describe('request wizard', () => {
  let calls: Call[];
  // Steps 2 to 4 are a chunk of their own that the page starts loading when it mounts; loaded
  // here once, so that each test's page has them by the time its first flush() is over.
  beforeAll(async () => {
    await import('./laterSteps');
  });
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    calls = mockFetch();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('moves forward only when a step passes, with the message of each step, and back freely', async () => {
    renderWizard();
    await flush();
    const steps = screen.getByRole('list', { name: 'Stappen van de aanvraag' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Soort klus');

    next();
    expect(alertText()).toBe('Kies een categorie');
    const montage = screen.getByLabelText(/Montage & Ophangwerk/);
    expect(document.activeElement).toBe(montage);
    expect(montage.getAttribute('aria-invalid')).toBe('true');
    expect(montage.getAttribute('aria-describedby')).toContain('aanvraag-fout');
    expect(stepHeading().textContent).toBe('Stap 1 van 4: Soort klus');

    fireEvent.click(montage);
    expect(screen.queryByRole('alert')).toBeNull(); // the message follows the correction
    next();
    expect(stepHeading().textContent).toBe('Stap 2 van 4: Omschrijving');
    expect(document.activeElement).toBe(stepHeading());
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Omschrijving');

    next();
    expect(alertText()).toBe('Beschrijf uw klus');
    const text = screen.getByLabelText('Wat moet er gebeuren?');
    expect(document.activeElement).toBe(text);
    expect(text.getAttribute('maxlength')).toBe('200');
    expect(screen.getByText('0/200 tekens')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'Gordijnrail' } });
    expect(screen.getByText('11/200 tekens')).toBeTruthy();
    expect(text.getAttribute('aria-describedby')).toContain('aanvraag-beschrijving-teller');

    previous();
    expect(stepHeading().textContent).toBe('Stap 1 van 4: Soort klus');
    expect((screen.getByLabelText(/Montage & Ophangwerk/) as HTMLInputElement).checked).toBe(true);
    next();
    expect((screen.getByLabelText('Wat moet er gebeuren?') as HTMLTextAreaElement).value).toBe('Gordijnrail');
    next();

    expect(stepHeading().textContent).toBe('Stap 3 van 4: Datum en tijd');
    next();
    expect(alertText()).toBe('Kies een datum en tijd');
    fireEvent.click(screen.getByRole('button', { name: /vrijdag 21 november 2025/ }));
    next();
    expect(alertText()).toBe('Kies een datum en tijd');
    expect(document.activeElement).toBe(screen.getByLabelText('ochtend (8:00-12:00)'));
    fireEvent.click(screen.getByLabelText('avond (17:00-20:00)'));
    next();

    expect(stepHeading().textContent).toBe('Stap 4 van 4: Uw gegevens');
    expect((screen.getByLabelText('Bellen') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    expect(alertText()).toBe('Vul alle verplichte velden in');
    expect(document.activeElement).toBe(screen.getByLabelText('Naam'));
    for (const label of ['Naam', 'Telefoonnummer', 'Adres (straat en huisnummer)', 'Postcode', 'Woonplaats']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByLabelText('E-mailadres (niet verplicht)').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('preselects ?categorie=veiligheid and ignores unknown values', async () => {
    renderWizard('/aanvraag?categorie=veiligheid');
    await flush();
    expect((screen.getByLabelText(/Veilig & Comfortabel Wonen/) as HTMLInputElement).checked).toBe(true);
    next();
    expect(stepHeading().textContent).toBe('Stap 2 van 4: Omschrijving');
  });

  it('ignores an unknown ?categorie=', async () => {
    renderWizard('/aanvraag?categorie=loodgieter');
    await flush();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('shows a Dutch calendar from Monday where past days cannot be picked, with keyboard navigation', async () => {
    renderWizard('/aanvraag?categorie=montage');
    await flush();
    next();
    fireEvent.change(screen.getByLabelText('Wat moet er gebeuren?'), { target: { value: 'x' } });
    next();
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-labelledby')).toMatch(/aanvraag-datum-label/);
    expect(screen.getByRole('heading', { level: 3, name: 'november 2025' })).toBeTruthy();
    const headers = within(grid).getAllByRole('columnheader').map((th) => th.getAttribute('abbr'));
    expect(headers).toEqual(['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']);
    // 1 November 2025 is a Saturday: the first row has 5 empty cells.
    const firstRow = within(grid).getAllByRole('row')[1]!;
    expect(firstRow.querySelectorAll('button')).toHaveLength(2);

    const yesterday = screen.getByRole('button', { name: 'dinsdag 18 november 2025' });
    expect(yesterday.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(yesterday);
    expect(screen.getByText('Nog geen datum gekozen.')).toBeTruthy();

    const today = screen.getByRole('button', { name: 'woensdag 19 november 2025, vandaag' });
    expect(today.getAttribute('tabindex')).toBe('0');
    expect(today.getAttribute('aria-current')).toBe('date');
    today.focus();
    const key = (k: string, shiftKey = false) => fireEvent.keyDown(document.activeElement!, { key: k, shiftKey });
    const focusedDate = () => document.activeElement?.getAttribute('data-date');
    key('ArrowLeft');
    expect(focusedDate()).toBe('2025-11-19'); // not into the past
    key('ArrowRight');
    expect(focusedDate()).toBe('2025-11-20');
    key('ArrowDown');
    expect(focusedDate()).toBe('2025-11-27');
    key('End');
    expect(focusedDate()).toBe('2025-11-30'); // Sunday
    key('Home');
    expect(focusedDate()).toBe('2025-11-24'); // Monday
    key('PageDown');
    expect(focusedDate()).toBe('2025-12-24');
    expect(screen.getByRole('heading', { level: 3, name: 'december 2025' })).toBeTruthy();
    key('PageUp');
    expect(focusedDate()).toBe('2025-11-24');
    key('ArrowUp');
    key('ArrowUp');
    expect(focusedDate()).toBe('2025-11-19'); // clamped at today
    key('PageDown', true);
    expect(focusedDate()).toBe('2026-11-19'); // a year ahead, the last day allowed
    key('ArrowRight');
    expect(focusedDate()).toBe('2026-11-19');
    key('PageUp', true);
    key('ArrowRight');
    fireEvent.click(document.activeElement!);
    expect(screen.getByText('Gekozen datum: donderdag 20 november 2025')).toBeTruthy();
    expect(document.activeElement?.closest('td')?.getAttribute('aria-selected')).toBe('true');

    const prevMonth = screen.getByRole('button', { name: /Vorige maand/ });
    expect(prevMonth.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Volgende maand/ }));
    expect(screen.getByRole('heading', { level: 3, name: 'december 2025' })).toBeTruthy();
  });

  it('sends the request with the CSRF header, shows the dialog with the e-mail sentence, and goes home after 5 s', async () => {
    calls = mockFetch({ '/api/v1/public/aanvragen': () => json(201, { id: 'k1', email_verstuurd: true }) });
    const router = renderWizard('/aanvraag');
    await flush();
    await toStep4();
    fillContact('jansen@example.nl');
    fireEvent.click(screen.getByLabelText('WhatsApp'));
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    expect(screen.getByRole('button', { name: 'Verzenden...' })).toHaveProperty('disabled', true);
    await flush();

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/v1/public/aanvragen');
    expect(post?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    expect(post?.headers.get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({
      categorie: 'montage',
      beschrijving: 'Lamp ophangen',
      datum: '2025-11-20',
      tijd: 'middag',
      naam: 'Mevrouw Jansen',
      telefoon: '070 123 45 67',
      email: 'jansen@example.nl',
      adres: 'Herenstraat 1',
      postcode: '2271 AB',
      woonplaats: 'Voorburg',
      contact_voorkeur: 'whatsapp',
      website: '',
    });

    const dialog = screen.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('U ontvangt een bevestiging per e-mail.');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(router.state.location.pathname).toBe('/aanvraag');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('klusmaat-aanvraag-concept')).toBeNull();
  });

  it('leaves out the e-mail sentence when no e-mail was given', async () => {
    mockFetch({ '/api/v1/public/aanvragen': () => json(201, { id: 'k2', email_verstuurd: false }) });
    renderWizard();
    await flush();
    await toStep4();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    expect(dialog.textContent).not.toContain('bevestiging per e-mail');
  });

  it('promises no e-mail when the server sends none to the given address (its hourly limit)', async () => {
    mockFetch({ '/api/v1/public/aanvragen': () => json(201, { id: 'k4', email_verstuurd: false }) });
    renderWizard();
    await flush();
    await toStep4();
    fillContact('jansen@example.nl');
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    expect(dialog.textContent).not.toContain('bevestiging per e-mail');
  });

  it.each([
    ['a server error', () => json(500, { error: { code: 'internal', message: 'stuk' } })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('after %s it stays on step 4, re-enabled, with the message and nothing lost', async (_name, answer) => {
    let fail = true;
    mockFetch({
      '/api/v1/public/aanvragen': () => (fail ? answer() : json(201, { id: 'k3', email_verstuurd: false })),
    });
    renderWizard();
    await flush();
    await toStep4();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    await flush();
    expect(alertText()).toBe('Er ging iets mis. Probeer het opnieuw.');
    expect(stepHeading().textContent).toBe('Stap 4 van 4: Uw gegevens');
    const send = screen.getByRole('button', { name: 'Verzenden' }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    expect(document.activeElement).toBe(send);
    expect((screen.getByLabelText('Naam') as HTMLInputElement).value).toBe('Mevrouw Jansen');
    expect(screen.queryByRole('dialog')).toBeNull();

    fail = false;
    fireEvent.click(send);
    await flush();
    expect(screen.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' })).toBeTruthy();
  });

  it("shows the server's field messages under the fields and moves to the step of the first", async () => {
    mockFetch({
      '/api/v1/public/aanvragen': () =>
        json(400, {
          error: {
            code: 'invalid_aanvraag',
            message: 'Kies een datum vanaf vandaag.',
            fields: { postcode: 'Vul een geldige postcode in, bijvoorbeeld 2271 AB.', datum: 'Kies een datum vanaf vandaag.' },
          },
        }),
    });
    renderWizard();
    await flush();
    await toStep4();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    await flush();
    expect(stepHeading().textContent).toBe('Stap 3 van 4: Datum en tijd');
    const message = screen.getByText('Kies een datum vanaf vandaag.');
    expect(message.id).toBe('aanvraag-datum-fout');
    expect(document.activeElement?.getAttribute('aria-describedby')).toContain('aanvraag-datum-fout');
    next();
    const postcode = screen.getByLabelText('Postcode');
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(postcode.getAttribute('aria-describedby')).toContain('aanvraag-postcode-fout');
    expect(screen.getByText('Vul een geldige postcode in, bijvoorbeeld 2271 AB.').id).toBe('aanvraag-postcode-fout');
    fireEvent.change(postcode, { target: { value: '2271 AC' } });
    expect(screen.queryByText('Vul een geldige postcode in, bijvoorbeeld 2271 AB.')).toBeNull();
    expect(postcode.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message when it refuses a burst (429)", async () => {
    mockFetch({
      '/api/v1/public/aanvragen': () =>
        json(429, { error: { code: 'rate_limited', message: 'U heeft zojuist al een aanvraag verstuurd.' } }),
    });
    renderWizard();
    await flush();
    await toStep4();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Verzenden' }));
    await flush();
    expect(alertText()).toBe('Er ging iets mis. Probeer het opnieuw.U heeft zojuist al een aanvraag verstuurd.');
    expect((screen.getByRole('button', { name: 'Verzenden' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists the towns of the API and has a hidden honeypot', async () => {
    renderWizard();
    await flush();
    await toStep4();
    const options = within(screen.getByLabelText('Woonplaats')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Kies uw woonplaats', 'Leidschendam', 'Voorburg', 'Wassenaar']);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByLabelText('Laat dit veld leeg', { selector: 'input' })).toBe(honeypot);
  });

  it('asks for the street and number on one line, with the autofill token of one line', async () => {
    renderWizard();
    await flush();
    await toStep4();
    // 'street-address' is the whole (multi-line) address; this field is its first line (WCAG 1.3.5).
    expect(screen.getByLabelText('Adres (straat en huisnummer)').getAttribute('autocomplete')).toBe('address-line1');
    expect(screen.getByLabelText('Postcode').getAttribute('autocomplete')).toBe('postal-code');
    expect(screen.getByLabelText('Woonplaats').getAttribute('autocomplete')).toBe('address-level2');
  });

  it('keeps a draft in the session, so that a reload loses nothing', async () => {
    renderWizard();
    await flush();
    await toStep4();
    fireEvent.change(screen.getByLabelText('Naam'), { target: { value: 'Mevrouw Concept' } });
    const draft = JSON.parse(sessionStorage.getItem('klusmaat-aanvraag-concept')!);
    expect(draft.step).toBe(4);
    expect(draft.data.naam).toBe('Mevrouw Concept');
  });

  it('hydrates its prerendered first step as it is, then takes up the draft of the session', async () => {
    const app = () => (
      <RouterProvider
        router={createMemoryRouter([{ path: '/aanvraag', element: <Aanvraag /> }], { initialEntries: ['/aanvraag?categorie=veiligheid'] })}
      />
    );
    // The build's HTML: the empty first step, its button disabled until the page runs.
    const html = renderToString(app());
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('h2')?.textContent).toBe('Stap 1 van 4: Soort klus');
    expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);

    // This tab has a draft at step 2 with another category; the address asks for 'veiligheid'.
    sessionStorage.setItem(
      'klusmaat-aanvraag-concept',
      JSON.stringify({ step: 2, data: { categorie: 'montage', beschrijving: 'Lamp ophangen' } }),
    );
    document.body.append(container);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError: (error) => mismatches.push(error) });
    });
    await flush();
    expect(mismatches).toEqual([]);
    expect(stepHeading().textContent).toBe('Stap 2 van 4: Omschrijving');
    expect((screen.getByLabelText('Wat moet er gebeuren?') as HTMLTextAreaElement).value).toBe('Lamp ophangen');
    previous();
    expect((screen.getByLabelText(/Veilig & Comfortabel Wonen/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Volgende' }) as HTMLButtonElement).disabled).toBe(false);
    container.remove();
  });
});
