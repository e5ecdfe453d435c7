import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { findAlertText, renderConsolePage } from '../test/renderConsolePage';
import { NoAccess } from './NoAccess';

function setup(meAnswer: Responder, path = '/admin/no-access', extra: Record<string, Responder> = {}) {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: meAnswer, ...LOGOUT_OK, ...extra });
  vi.stubGlobal('fetch', mock.fetchFn);
  renderConsolePage(path, '/admin/no-access', <NoAccess />);
  return mock;
}

let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('/admin/no-access', () => {
  it('shows a klusser their role and points them to the klusser portal', async () => {
    setup({ body: me('klusser') });
    expect(await screen.findByText('Klusser')).toBeTruthy();
    expect(screen.getByText(/Gebruik het klusser portaal/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar het klusser portaal' }).getAttribute('href')).toBe('/auth');
  });

  it("shows an admin as 'Administrator' and tells them to contact an administrator", async () => {
    setup({ body: me('admin') });
    expect(await screen.findByText('Administrator')).toBeTruthy();
    expect(screen.getByText(/Neem contact op met een beheerder/)).toBeTruthy();
  });

  it('says when no role was found', async () => {
    setup({ body: me('authenticated') });
    expect(await screen.findByText('geen rol gevonden')).toBeTruthy();
    expect(screen.getByText(/geen toegang/)).toBeTruthy();
  });

  it('retries the refused page, or this page when none is known', async () => {
    setup({ body: me('admin') }, '/admin/no-access?return_to=%2Ffranchise%2Fdashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    expect(assign).toHaveBeenCalledWith('/franchise/dashboard');
  });

  it('reloads when there is no page to return to, and ignores foreign return_to values', async () => {
    setup({ body: me('admin') }, '/admin/no-access?return_to=https%3A%2F%2Fevil.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    expect(assign).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
  });

  it("logs out with 'Succesvol uitgelogd' and goes to /admin/auth", async () => {
    const mock = setup({ body: me('klusser') });
    fireEvent.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/auth' })).toBeTruthy();
    expect(screen.getByText('Succesvol uitgelogd')).toBeTruthy();
    expect(mock.callsTo(KRATOS.logout)).toHaveLength(1);
  });

  it("says 'Fout bij uitloggen' when logging out fails", async () => {
    setup({ body: me('klusser') }, '/admin/no-access', { [`GET ${KRATOS.logoutBrowser}`]: new TypeError('offline') });
    fireEvent.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByText('Fout bij uitloggen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeTruthy();
  });

  it('sends a visitor without a session to /admin/auth', async () => {
    setup({ status: 401 });
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/auth' })).toBeTruthy();
  });

  it('sends a session without the second factor to its step, with return_to', async () => {
    setup({ status: 403, body: { error: { code: 'mfa_required' } } }, '/admin/no-access?return_to=%2Fadmin%2Fusers');
    expect(
      await screen.findByRole('heading', { name: 'Pagina /admin/auth?aal=aal2&return_to=%2Fadmin%2Fusers' }),
    ).toBeTruthy();
  });

  it("says 'Netwerkfout' when /me cannot be reached, not 'geen rol'", async () => {
    setup(new TypeError('offline'));
    expect(await screen.findByText('Netwerkfout - controleer je internetverbinding')).toBeTruthy();
    expect(screen.queryByText('geen rol gevonden')).toBeNull();
  });

  it("says 'Fout bij controleren van toegangsrechten' when /me fails", async () => {
    setup({ status: 500, body: { error: { message: 'kapot' } } });
    expect(await findAlertText()).toBe('Fout bij controleren van toegangsrechten');
    expect(screen.queryByText('geen rol gevonden')).toBeNull();
  });
});
