import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createFetchMock, KRATOS, uiText, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { i18nProvider } from '../i18nProvider';
import { lookupNew, lookupNone, lookupSaved, QR, settingsFlow, totpEnabledNodes, totpSetupNodes } from '../test/securityFixtures';
import { SecurityPage } from './SecurityPage';
import { groupSecret } from './TotpSetupForm';

function Where() {
  const { pathname, search } = useLocation();
  return <h1>{`Pagina ${pathname}${search}`}</h1>;
}

function setup(routes: Record<string, Responder | Responder[]>) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter initialEntries={['/admin/beveiliging']}>
      <AdminContext i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/admin/beveiliging" element={<SecurityPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

const posts = (mock: ReturnType<typeof createFetchMock>) => mock.callsTo(KRATOS.settings, 'POST').map((c) => c.body);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Beveiliging', () => {
  it('sets up the authenticator app: QR code, the secret as text, and the code', async () => {
    const mock = setup({
      [`GET ${KRATOS.settingsBrowser}`]: { body: settingsFlow([...totpSetupNodes(), ...lookupNone()]) },
      [`POST ${KRATOS.settings}`]: [
        { status: 400, body: settingsFlow([...totpSetupNodes([uiText(4000008)]), ...lookupNone()]) },
        { body: settingsFlow([...totpEnabledNodes(), ...lookupNone()], { state: 'success' }) },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beveiliging' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR-code om te scannen met uw authenticator-app' }).getAttribute('src')).toBe(QR);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }));
    // react-admin's form hands the values over asynchronously.
    expect((await screen.findByRole('alert')).textContent).toBe('Vul de code uit uw app in.');
    expect(posts(mock)).toEqual([]);

    const code = screen.getByLabelText('Code uit uw app');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('De code is onjuist. Probeer het opnieuw.'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain('beveiliging-fout');
    expect(document.activeElement).toBe(code);

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }));
    expect(await screen.findByText('Tweestapsverificatie staat aan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tweestapsverificatie uitzetten' })).toBeTruthy();
    expect(posts(mock)).toEqual([
      { method: 'totp', totp_code: '000000', csrf_token: 'csrf-123' },
      { method: 'totp', totp_code: '123456', csrf_token: 'csrf-123' },
    ]);
  });

  it('removes the authenticator app after a confirmation', async () => {
    const mock = setup({
      [`GET ${KRATOS.settingsBrowser}`]: { body: settingsFlow([...totpEnabledNodes(), ...lookupSaved()]) },
      [`POST ${KRATOS.settings}`]: { body: settingsFlow([...totpSetupNodes(), ...lookupSaved()], { state: 'success' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Tweestapsverificatie uitzetten' }));
    expect(posts(mock)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, uitzetten' }));
    expect(await screen.findByText('Tweestapsverificatie staat uit.')).toBeTruthy();
    expect(posts(mock)).toEqual([{ method: 'totp', totp_unlink: true, csrf_token: 'csrf-123' }]);
  });

  it('makes recovery codes, shows them with Kopieer and Afdrukken, and saves them', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const mock = setup({
      [`GET ${KRATOS.settingsBrowser}`]: { body: settingsFlow([...totpEnabledNodes(), ...lookupNone()]) },
      [`POST ${KRATOS.settings}`]: [
        { body: settingsFlow([...totpEnabledNodes(), ...lookupNew(['aaaa1111', 'bbbb2222', 'cccc3333'])]) },
        { body: settingsFlow([...totpEnabledNodes(), ...lookupSaved()], { state: 'success' }) },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Nieuwe herstelcodes maken' }));
    expect(await screen.findByText('aaaa1111')).toBeTruthy();
    expect(screen.getByText('bbbb2222').closest('li')).toBeTruthy();
    expect(screen.getByText(/werken pas nadat u ze heeft opgeslagen/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Kopieer' }));
    await waitFor(() => expect(screen.getByText('De herstelcodes zijn gekopieerd.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('aaaa1111\nbbbb2222\ncccc3333');
    fireEvent.click(screen.getByRole('button', { name: 'Afdrukken' }));
    expect(print).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Codes opslaan' }));
    expect(await screen.findByText('Uw herstelcodes zijn opgeslagen.')).toBeTruthy();
    expect(posts(mock)).toEqual([
      { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: 'csrf-123' },
      { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: 'csrf-123' },
    ]);
  });

  it('removes the recovery codes after a confirmation', async () => {
    const mock = setup({
      [`GET ${KRATOS.settingsBrowser}`]: { body: settingsFlow([...totpEnabledNodes(), ...lookupSaved()]) },
      [`POST ${KRATOS.settings}`]: { body: settingsFlow([...totpEnabledNodes(), ...lookupNone()], { state: 'success' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Herstelcodes verwijderen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await screen.findByText('Uw herstelcodes zijn verwijderd.')).toBeTruthy();
    expect(posts(mock)).toEqual([{ method: 'lookup_secret', lookup_secret_disable: true, csrf_token: 'csrf-123' }]);
  });

  it('asks to sign in again when Kratos wants a fresh session', async () => {
    setup({
      [`GET ${KRATOS.settingsBrowser}`]: { body: settingsFlow([...totpEnabledNodes(), ...lookupSaved()]) },
      [`POST ${KRATOS.settings}`]: { status: 403, body: { error: { id: 'session_refresh_required' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Herstelcodes tonen' }));
    expect(
      await screen.findByRole('heading', { name: 'Pagina /admin/auth?refresh=true&return_to=%2Fadmin%2Fbeveiliging' }),
    ).toBeTruthy();
  });

  it('sends a visitor without a session to sign in', async () => {
    setup({ [`GET ${KRATOS.settingsBrowser}`]: { status: 401, body: { error: { id: 'session_inactive' } } } });
    expect(await screen.findByRole('heading', { name: 'Pagina /admin/auth?return_to=%2Fadmin%2Fbeveiliging' })).toBeTruthy();
  });

  it('groups the secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPX')).toBe('JBSW Y3DP EHPK 3PXP X');
  });
});
