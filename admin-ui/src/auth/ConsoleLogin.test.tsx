import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aal2Flow, createFetchMock, KRATOS, loginFlow, me, uiText, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { alertText, findAlertText, renderConsolePage } from '../test/renderConsolePage';
import { ConsoleLogin } from './ConsoleLogin';

function setup(routes: Record<string, Responder | Responder[]>, path = '/admin/auth') {
  const mock = createFetchMock({
    [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
    [`POST ${KRATOS.login}`]: { body: { session: { id: 's1' } } },
    ...routes,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  renderConsolePage(path, '/admin/auth', <ConsoleLogin />);
  return mock;
}

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/admin/auth', () => {
  it('shows the form with labelled fields and the recovery link to the portal', () => {
    setup({});
    expect(screen.getByRole('heading', { level: 1, name: 'Admin & Franchise' })).toBeTruthy();
    expect(screen.getByLabelText('E-mailadres').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Wachtwoord').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' }).getAttribute('href')).toBe('/wachtwoord-vergeten');
    expect(document.title).toBe('Inloggen – Klusmaat Beheer');
    // Only one field is labelled with "Wachtwoord" (browser tests match labels by substring).
    expect(screen.getAllByLabelText(/wachtwoord/i)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Wachtwoord tonen' }));
    expect(screen.getByLabelText('Wachtwoord').getAttribute('type')).toBe('text');
  });

  it('asks for both fields and ties the message to them', () => {
    const mock = setup({});
    fillIn('', '');
    expect(alertText()).toBe('Vul email en wachtwoord in');
    const email = screen.getByLabelText('E-mailadres');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Vul email en wachtwoord in');
    expect(document.activeElement).toBe(email);
    expect(mock.calls).toHaveLength(0);
  });

  it('shows a wrong password in Dutch', async () => {
    setup({ [`POST ${KRATOS.login}`]: { status: 400, body: loginFlow('f1', [uiText(4000006)]) } });
    fillIn('admin@klusmaat.nl', 'fout');
    expect(await findAlertText()).toBe('Onjuist e-mailadres of wachtwoord.');
  });

  it.each([
    ['admin', '/admin/dashboard'],
    ['franchise', '/franchise/dashboard'],
    ['klusser', '/admin/no-access'],
    ['authenticated', '/admin/no-access'],
  ])('sends %s to %s', async (role, destination) => {
    setup({ [`GET ${KRATOS.me}`]: { body: me(role) } });
    fillIn('iemand@klusmaat.nl', 'geheim');
    expect(await screen.findByRole('heading', { name: `Pagina ${destination}` })).toBeTruthy();
  });

  it('waits for the session, asking every 150 ms for at most 4000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const mock = setup({ [`GET ${KRATOS.me}`]: [{ status: 401 }, { status: 401 }, { status: 401 }, { body: me('admin') }] });
    fillIn('admin@klusmaat.nl', 'geheim');
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.callsTo(KRATOS.me)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(mock.callsTo(KRATOS.me)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(mock.callsTo(KRATOS.me)).toHaveLength(4);
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/dashboard' })).toBeTruthy();
  });

  it("says 'Inloggen mislukt' when no session shows up within 4000 ms", async () => {
    vi.useFakeTimers();
    const mock = setup({ [`GET ${KRATOS.me}`]: { status: 401 } });
    fillIn('admin@klusmaat.nl', 'geheim');
    await vi.advanceTimersByTimeAsync(4000);
    expect(mock.callsTo(KRATOS.me)).toHaveLength(27);
    vi.useRealTimers();
    expect(await findAlertText()).toBe('Inloggen mislukt');
  });

  it('follows return_to within an area the role may enter', async () => {
    setup({ [`GET ${KRATOS.me}`]: { body: me('admin') } }, '/admin/auth?return_to=%2Fadmin%2Fbeveiliging');
    fillIn('admin@klusmaat.nl', 'geheim');
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/beveiliging' })).toBeTruthy();
  });

  it('asks for the TOTP code after the password when the account has it', async () => {
    const mock = setup({
      [`GET ${KRATOS.me}`]: [{ status: 403, body: { error: { code: 'mfa_required', message: 'x' } } }, { body: me('admin') }],
      [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: aal2Flow('a1') },
    });
    fillIn('admin@klusmaat.nl', 'geheim');
    const code = await screen.findByLabelText('Code uit uw app');
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/dashboard' })).toBeTruthy();
    expect(mock.callsTo(KRATOS.login, 'POST')[1]?.body).toEqual({ method: 'totp', totp_code: '654321', csrf_token: 'csrf-123' });
  });

  it('accepts a recovery code instead of the TOTP code (?aal=aal2)', async () => {
    const mock = setup(
      {
        [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: aal2Flow('a1') },
        [`GET ${KRATOS.me}`]: { body: me('franchise') },
      },
      '/admin/auth?aal=aal2&return_to=%2Ffranchise%2Fdashboard',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Gebruik een herstelcode' }));
    fireEvent.change(screen.getByLabelText('Herstelcode'), { target: { value: 'k3y5ecr3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /franchise/dashboard' })).toBeTruthy();
    expect(mock.callsTo(KRATOS.login, 'POST')[0]?.body).toEqual({
      method: 'lookup_secret',
      lookup_secret: 'k3y5ecr3',
      csrf_token: 'csrf-123',
    });
  });

  it('signs in again with ?refresh=true, the e-mail address filled in', async () => {
    const mock = setup({ [`GET ${KRATOS.me}`]: { body: me('admin') } }, '/admin/auth?refresh=true&return_to=%2Fadmin%2Fbeveiliging');
    expect(screen.getByText(/Log opnieuw in om door te gaan/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('E-mailadres') as HTMLInputElement).value).toBe('admin@klusmaat.nl'));
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/beveiliging' })).toBeTruthy();
    expect(mock.callsTo(KRATOS.loginBrowser)[0]?.url).toBe('/.ory/self-service/login/browser?refresh=true');
  });
});
