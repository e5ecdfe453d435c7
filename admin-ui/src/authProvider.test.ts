import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { clearToasts, getToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, me } from '@klusmaat/shared-ui/test/authFixtures';
import { createAuthProvider, USER_LOGOUT } from './authProvider';

afterEach(() => {
  clearToasts();
});

describe('authProvider', () => {
  it('checks the session with /api/v1/me', async () => {
    const ok = createAuthProvider(createFetchMock({ [`GET ${KRATOS.me}`]: { body: me('admin') } }).fetchFn);
    await expect(ok.checkAuth({})).resolves.toBeUndefined();
    const none = createAuthProvider(createFetchMock({ [`GET ${KRATOS.me}`]: { status: 401 } }).fetchFn);
    await expect(none.checkAuth({})).rejects.toEqual({ redirectTo: '/admin/auth', message: false });
    const mfa = createAuthProvider(
      createFetchMock({ [`GET ${KRATOS.me}`]: { status: 403, body: { error: { code: 'mfa_required' } } } }).fetchFn,
    );
    await expect(mfa.checkAuth({})).rejects.toEqual({ redirectTo: '/admin/auth?aal=aal2', message: false });
  });

  it('does not sign anybody out because the server had a hiccup', async () => {
    const down = createAuthProvider(createFetchMock({ [`GET ${KRATOS.me}`]: new TypeError('offline') }).fetchFn);
    await expect(down.checkAuth({})).resolves.toBeUndefined();
  });

  it('keeps the current page as return_to when it sends the user to sign in', async () => {
    window.history.pushState({}, '', '/admin/users?page=2');
    try {
      const none = createAuthProvider(createFetchMock({ [`GET ${KRATOS.me}`]: { status: 401 } }).fetchFn);
      await expect(none.checkAuth({})).rejects.toEqual({
        redirectTo: '/admin/auth?return_to=%2Fadmin%2Fusers%3Fpage%3D2',
        message: false,
      });
      await expect(none.checkError(new HttpError('x', 403, { error: { code: 'mfa_required' } }))).rejects.toMatchObject({
        redirectTo: '/admin/auth?aal=aal2&return_to=%2Fadmin%2Fusers%3Fpage%3D2',
      });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('reacts to 401 and mfa_required from the API, and leaves other errors to the page', async () => {
    const provider = createAuthProvider(createFetchMock({}).fetchFn);
    await expect(provider.checkError(new HttpError('x', 401))).rejects.toEqual({ redirectTo: '/admin/auth', message: false });
    await expect(provider.checkError(new HttpError('x', 403, { error: { code: 'mfa_required' } }))).rejects.toMatchObject({
      redirectTo: '/admin/auth?aal=aal2',
      logoutUser: false,
    });
    await expect(provider.checkError(new HttpError('Geen toegang tot deze regio', 403))).resolves.toBeUndefined();
    await expect(provider.checkError(new HttpError('x', 500))).resolves.toBeUndefined();
  });

  it('gives react-admin the roles', async () => {
    const provider = createAuthProvider(
      createFetchMock({
        [`GET ${KRATOS.me}`]: { body: me('franchise', { naam: 'Fenna de Vries', roles: ['franchise', 'klusser'] }) },
      }).fetchFn,
    );
    await expect(provider.getPermissions?.({})).resolves.toEqual(['franchise', 'klusser']);
  });

  it("logs out through Kratos when the user asks, with 'Succesvol uitgelogd', to /admin/auth", async () => {
    const mock = createFetchMock(LOGOUT_OK);
    await expect(createAuthProvider(mock.fetchFn).logout(USER_LOGOUT)).resolves.toBe('/admin/auth');
    expect(mock.calls.map((c) => c.path)).toEqual([KRATOS.logoutBrowser, KRATOS.logout]);
    expect(getToasts().map((t) => t.message)).toEqual(['Succesvol uitgelogd']);
  });

  it("stays put with 'Fout bij uitloggen' when the logout fails", async () => {
    const mock = createFetchMock({ [`GET ${KRATOS.logoutBrowser}`]: { status: 502 } });
    await expect(createAuthProvider(mock.fetchFn).logout(USER_LOGOUT)).resolves.toBe(false);
    expect(getToasts().map((t) => [t.message, t.kind])).toEqual([['Fout bij uitloggen', 'error']]);
  });

  it('does not call Kratos or show a toast when react-admin logs out by itself', async () => {
    const mock = createFetchMock(LOGOUT_OK);
    await expect(createAuthProvider(mock.fetchFn).logout({})).resolves.toBe('/admin/auth');
    expect(mock.calls).toHaveLength(0);
    expect(getToasts()).toEqual([]);
  });
});
