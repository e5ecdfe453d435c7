import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import {
  aal2Flow,
  createFetchMock,
  KRATOS,
  LOGOUT_OK,
  loginFlow,
  me,
  uiText,
  type Responder,
} from '@klusmaat/shared-ui/test/authFixtures';
import { alertText, findAlertText, formAlerts, renderAuthPage } from '../test/renderAuthPage';
import KlusserLogin from './KlusserLogin';

function setup(routes: Record<string, Responder | Responder[]>, path = '/auth') {
  const mock = createFetchMock({
    [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
    [`POST ${KRATOS.login}`]: { body: { session: { id: 's1' } } },
    ...LOGOUT_OK,
    ...routes,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  const view = renderAuthPage(path, '/auth', <KlusserLogin />);
  return { mock, ...view };
}

async function signIn(email = 'piet.bakker@klusmaat.nl', password = 'geheim') {
  const user = userEvent.setup();
  if (email !== '') await user.type(screen.getByLabelText('E-mailadres'), email);
  if (password !== '') await user.type(screen.getByLabelText('Wachtwoord'), password);
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
  return user;
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('/auth (klusser login)', () => {
  it('asks for both fields, ties the message to them and focuses the first empty one', async () => {
    const { mock } = setup({});
    await signIn('', '');
    const alert = formAlerts()[0] as HTMLElement;
    expect(alert.textContent).toBe('Vul email en wachtwoord in');
    const email = screen.getByLabelText('E-mailadres');
    const password = screen.getByLabelText('Wachtwoord');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(email);
    expect(mock.calls).toHaveLength(0);
  });

  it('also refuses a missing password alone', async () => {
    setup({});
    await signIn('piet@klusmaat.nl', '');
    expect(alertText()).toBe('Vul email en wachtwoord in');
    expect(document.activeElement).toBe(screen.getByLabelText('Wachtwoord'));
    expect(screen.getByLabelText('E-mailadres').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a wrong password in Dutch', async () => {
    setup({ [`POST ${KRATOS.login}`]: { status: 400, body: loginFlow('f1', [uiText(4000006)]) } });
    await signIn();
    expect(await findAlertText()).toBe('Onjuist e-mailadres of wachtwoord.');
  });

  it("says 'Inloggen mislukt' when the server's message is unknown", async () => {
    setup({ [`POST ${KRATOS.login}`]: { status: 400, body: loginFlow('f1', [uiText(4010002)]) } });
    await signIn();
    expect(await findAlertText()).toBe('Inloggen mislukt');
  });

  it("shows the Go server's rate-limit message", async () => {
    setup({ [`POST ${KRATOS.login}`]: { status: 429, body: { error: { code: 'rate_limited', message: 'Te veel pogingen. Wacht 5 minuten.' } } } });
    await signIn();
    expect(await findAlertText()).toBe('Te veel pogingen. Wacht 5 minuten.');
  });

  it("welcomes a klusser with 'Welkom terug!' and opens the klusser dashboard", async () => {
    const { mock } = setup({ [`GET ${KRATOS.me}`]: { body: me('klusser') } });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/dashboard' })).toBeTruthy();
    const status = screen.getAllByRole('status').find((s) => s.classList.contains('toast-region'));
    expect(within(status as HTMLElement).getByText('Welkom terug!')).toBeTruthy();
    expect(mock.callsTo(KRATOS.login, 'POST')[0]?.body).toEqual({
      method: 'password',
      identifier: 'piet.bakker@klusmaat.nl',
      password: 'geheim',
      csrf_token: 'csrf-123',
    });
    expect(mock.unexpected).toEqual([]);
  });

  it('returns a klusser to the klusser page the guard sent them from', async () => {
    setup({ [`GET ${KRATOS.me}`]: { body: me('klusser') } }, '/auth?return_to=%2Fklusser%2Fagenda');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/agenda' })).toBeTruthy();
  });

  it.each(['admin', 'franchise'])('sends %s to /admin/auth 2 s after telling them to use the admin portal', async (role) => {
    vi.useFakeTimers();
    const { mock } = setup({ [`GET ${KRATOS.me}`]: { body: me(role) } });
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'admin@klusmaat.nl' } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(alertText()).toBe('Je bent admin of franchise. Gebruik het admin portaal.');
    expect(mock.callsTo(KRATOS.logout)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(assign).toHaveBeenCalledWith('/admin/auth');
    expect(screen.queryByText('Welkom terug!')).toBeNull();
  });

  it('turns away an account without any role and signs it out', async () => {
    const { mock } = setup({ [`GET ${KRATOS.me}`]: { body: me('authenticated') } });
    await signIn();
    expect(await findAlertText()).toBe('Geen toegang gevonden voor dit account');
    expect(mock.callsTo(KRATOS.logout)).toHaveLength(1);
  });

  it('asks for the code from the app when the account has TOTP, and sends it', async () => {
    const { mock } = setup({
      [`GET ${KRATOS.me}`]: [{ status: 403, body: { error: { code: 'mfa_required', message: 'x' } } }, { body: me('klusser') }],
      [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: aal2Flow('a1') },
    });
    const user = await signIn();
    const code = await screen.findByLabelText('Code uit uw app');
    expect(document.activeElement).toBe(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/dashboard' })).toBeTruthy();
    expect(mock.callsTo(KRATOS.login, 'POST')[1]).toMatchObject({
      query: new URLSearchParams('flow=a1'),
      body: { method: 'totp', totp_code: '123456', csrf_token: 'csrf-123' },
    });
  });

  it('starts at the code step with ?aal=aal2 and offers a recovery code instead', async () => {
    const { mock } = setup({
      [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: aal2Flow('a1') },
      [`POST ${KRATOS.login}`]: [{ status: 400, body: aal2Flow('a1', [uiText(4000016)]) }],
    }, '/auth?aal=aal2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gebruik een herstelcode' }));
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(alertText()).toBe('Vul een herstelcode in.');
    await user.type(screen.getByLabelText('Herstelcode'), 'abcd-1234');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await findAlertText()).toBe('Deze herstelcode is onjuist of al gebruikt.');
    expect(mock.callsTo(KRATOS.login, 'POST')[0]?.body).toEqual({
      method: 'lookup_secret',
      lookup_secret: 'abcd-1234',
      csrf_token: 'csrf-123',
    });
  }, 10000);

  it("links 'Wachtwoord vergeten?' to the recovery page", () => {
    setup({});
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' }).getAttribute('href')).toBe('/wachtwoord-vergeten');
  });
});

describe('/auth password field', () => {
  it('can show the password, with a button that is not a second "Wachtwoord" label', async () => {
    setup({});
    const user = userEvent.setup();
    const password = screen.getByLabelText('Wachtwoord');
    expect(screen.getAllByLabelText(/wachtwoord/i)).toEqual([password]);
    await user.click(screen.getByRole('button', { name: 'Wachtwoord tonen' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord verbergen' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
