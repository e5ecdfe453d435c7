import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { clearToasts, getToasts, NEXT_PAGE_TOAST_KEY } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, loginFlow, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { findAlertText, renderAuthPage } from '../test/renderAuthPage';
import StaffLogin from './StaffLogin';

function setup(meAnswer: Responder) {
  const mock = createFetchMock({
    [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
    [`POST ${KRATOS.login}`]: { body: { session: {} } },
    [`GET ${KRATOS.me}`]: meAnswer,
    ...LOGOUT_OK,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  renderAuthPage('/login', '/login', <StaffLogin />);
  return mock;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mailadres'), 'iemand@klusmaat.nl');
  await user.type(screen.getByLabelText('Wachtwoord'), 'geheim');
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
  sessionStorage.clear();
});

describe("/login ('Medewerkers Login')", () => {
  it('has its title and the recovery link', () => {
    setup({ status: 401 });
    expect(screen.getByRole('heading', { level: 1, name: 'Medewerkers Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wachtwoord vergeten?' })).toBeTruthy();
  });

  it.each([
    [['admin', 'franchise', 'klusser'], '/admin/dashboard'],
    [['franchise', 'klusser'], '/franchise/dashboard'],
  ])('sends roles %j to the console at %s (a full page load)', async (roles, destination) => {
    setup({ body: me('authenticated', { role: roles[0] as string, roles }) });
    await signIn();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(destination));
  });

  it("leaves 'Welkom terug!' in sessionStorage for the console's first page (no tokens)", async () => {
    setup({ body: me('admin') });
    await signIn();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/dashboard'));
    expect(JSON.parse(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY) ?? 'null')).toEqual({
      message: 'Welkom terug!',
      kind: 'success',
    });
    expect(localStorage.length).toBe(0);
  });

  it('sends a klusser to the klusser dashboard inside the portal', async () => {
    setup({ body: me('klusser') });
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/dashboard' })).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toEqual(['Welkom terug!']);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Geen toegang gevonden voor dit account' and signs out an account without a role", async () => {
    const mock = setup({ body: me('authenticated') });
    await signIn();
    expect(await findAlertText()).toBe('Geen toegang gevonden voor dit account');
    await vi.waitFor(() => expect(mock.callsTo(KRATOS.logout)).toHaveLength(1));
    expect(assign).not.toHaveBeenCalled();
  });
});
