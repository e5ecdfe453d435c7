import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { clearToasts, getToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { renderAuthPage } from '../../../test/renderAuthPage';
import { FakeEventSource, installFakeEventSource } from '../shared/testKit';
import KlusserDashboard from './KlusserDashboard';

const OVERZICHT = { naam: 'Piet Bakker', regios: ['den-haag'], vandaag: 1, deze_week: 3, pool: 4 };

function setup(routes: Record<string, Responder | Responder[]>) {
  const mock = createFetchMock({ ...LOGOUT_OK, 'GET /api/v1/klusser/overzicht': { body: OVERZICHT }, ...routes });
  vi.stubGlobal('fetch', mock.fetchFn);
  renderAuthPage('/klusser/dashboard', '/klusser/dashboard', <KlusserDashboard />);
  return mock;
}

let assign: ReturnType<typeof vi.spyOn>;
let reload: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('/klusser/dashboard', () => {
  it('checks access first, then welcomes the klusser by name', async () => {
    setup({ [`GET ${KRATOS.me}`]: { body: me('klusser', { naam: 'Piet Bakker' }) } });
    expect(screen.getByText('Toegang wordt gecontroleerd…').closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom, Piet Bakker' })).toBeTruthy();
  });

  it('shows the jobs planned today and this week, and the pool count on the card that picks up jobs', async () => {
    setup({ [`GET ${KRATOS.me}`]: { body: me('klusser') } });
    const today = (await screen.findByText('Vandaag gepland')).closest('div')!;
    expect(within(today).getByText('1')).toBeTruthy();
    expect(within(screen.getByText('Deze week gepland').closest('div')!).getByText('3')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Klusser portaal' });
    expect(within(nav).getByRole('link', { name: /^Mijn Agenda/ }).getAttribute('href')).toBe('/klusser/agenda');
    expect(within(nav).getByRole('link', { name: /^Beschikbare Klussen, 4 klussen beschikbaar/ }).getAttribute('href')).toBe(
      '/klusser/beschikbare-klussen',
    );
    expect(within(nav).getByRole('link', { name: /^Mijn Verdiensten/ }).getAttribute('href')).toBe('/klusser/verdiensten');
  });

  it('updates the pool badge when the live stream reports a change', async () => {
    installFakeEventSource();
    const mock = setup({
      [`GET ${KRATOS.me}`]: { body: me('klusser') },
      'GET /api/v1/klusser/overzicht': [{ body: OVERZICHT }, { body: { ...OVERZICHT, pool: 3 } }],
    });
    expect(await screen.findByRole('link', { name: /4 klussen beschikbaar/ })).toBeTruthy();
    act(() => FakeEventSource.last.emit('klus', { id: 7, klus_id: 'k1', op: 'UPDATE', regio: 'den-haag', status: 'open', assignment_type: 'pool', klusser_id: 'someone', occurred_at: '' }));
    expect(await screen.findByRole('link', { name: /3 klussen beschikbaar/ })).toBeTruthy();
    expect(mock.callsTo('/api/v1/klusser/overzicht')).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/v1/events');
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    setup({
      [`GET ${KRATOS.me}`]: { body: me('klusser') },
      'GET /api/v1/klusser/overzicht': [{ status: 500 }, { body: OVERZICHT }],
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Vandaag gepland')).toBeTruthy();
  });

  it("logs out with 'Succesvol uitgelogd' and goes to /auth", async () => {
    const mock = setup({ [`GET ${KRATOS.me}`]: { body: me('klusser') } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /auth' })).toBeTruthy();
    expect(screen.getByText('Succesvol uitgelogd')).toBeTruthy();
    expect(mock.callsTo(KRATOS.logout)).toHaveLength(1);
  });

  it("stays and says 'Fout bij uitloggen' when logging out fails", async () => {
    setup({ [`GET ${KRATOS.me}`]: { body: me('klusser') }, [`GET ${KRATOS.logoutBrowser}`]: { status: 500 } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Uitloggen' }));
    await vi.waitFor(() => expect(getToasts().map((t) => [t.message, t.kind])).toEqual([['Fout bij uitloggen', 'error']]));
    expect(screen.getByRole('heading', { level: 1, name: /Welkom/ })).toBeTruthy();
  });

  it('sends a visitor without a session to /auth after 8 rechecks', async () => {
    vi.useFakeTimers();
    const mock = setup({ [`GET ${KRATOS.me}`]: { status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } } });
    await act(() => vi.advanceTimersByTimeAsync(1599));
    expect(screen.queryByRole('heading', { name: /Pagina/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Pagina /auth?return_to=%2Fklusser%2Fdashboard' })).toBeTruthy();
    expect(mock.callsTo(KRATOS.me)).toHaveLength(9);
  });

  it('sends a session that lacks the second factor to its step on /auth', async () => {
    setup({ [`GET ${KRATOS.me}`]: { status: 403, body: { error: { code: 'mfa_required', message: 'x' } } } });
    expect(await screen.findByRole('heading', { name: /^Pagina \/auth\?aal=aal2&return_to=/ })).toBeTruthy();
  });

  it.each(['admin', 'franchise', 'authenticated'])('sends %s to the no-access page of the console', async (role) => {
    setup({ [`GET ${KRATOS.me}`]: { body: me(role) } });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/no-access'));
  });

  it('shows the error screen when the role query keeps failing', async () => {
    vi.useFakeTimers();
    setup({ [`GET ${KRATOS.me}`]: { status: 500 } });
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(screen.getByRole('heading', { level: 1, name: 'Fout bij toegangscontrole' })).toBeTruthy();
    expect(screen.getByText('Fout bij controleren van toegangsrechten')).toBeTruthy();
    screen.getByRole('button', { name: 'Opnieuw proberen' }).click();
    expect(reload).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Terug naar login' }).getAttribute('href')).toBe('/auth');
  });
});
