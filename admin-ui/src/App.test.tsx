import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clearToasts, NEXT_PAGE_TOAST_KEY, showToastOnNextPage } from '@klusmaat/shared-ui/auth/toastStore';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { createFetchMock, KRATOS, LOGOUT_OK, me, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { App } from './App';
import routes from './routes.json';

function start(path: string, meAnswer: Responder, extra: Record<string, Responder> = {}) {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: meAnswer, ...LOGOUT_OK, ...extra });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
  return mock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('App', () => {
  it.each([
    ['/admin', 'admin', '/admin/dashboard', /Welkom in het beheer/],
    ['/franchise', 'franchise', '/franchise/dashboard', /Welkom in het franchiseportaal/],
  ])('sends %s to the Dutch dashboard of a signed-in %s, not the react-admin welcome screen', async (startPath, role, end, welcome) => {
    start(startPath, { body: me(role) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(welcome)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe(end));
    expect(screen.queryByText(/Welcome to react-admin/i)).toBeNull();
    expect(screen.queryByText(/Ready/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('link', { name: 'Beveiliging' }).getAttribute('href')).toBe(
      `${startPath}/beveiliging`,
    );
  });

  it.each([
    ['/admin/planning', 'admin'],
    ['/franchise/planning', 'franchise'],
  ])('opens the planning board at %s from the menu, an address the server serves (D29)', async (path, role) => {
    const week = { week: '2026-11-23', dagen: [], vandaag: '2026-11-24', regio: '', klussers: [], schouwen: [], pool: [], totaal: 0, pagina: 1, per_pagina: 25 };
    start(path.replace('/planning', '/dashboard'), { body: me(role) }, { 'GET /api/v1/planning': { body: { data: week } } });
    fireEvent.click(await screen.findByRole('link', { name: 'Planning' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Week 48: 23 – 29 november 2026' })).toBeTruthy();
    expect(window.location.pathname).toBe(path);
    expect(routes).toContain(path);
  });

  it("shows 'Welkom terug!' left by the portal's /login (sessionStorage) once, on the console's first page", async () => {
    showToastOnNextPage(TEXTS.welcomeBack);
    start('/admin/dashboard', { body: me('admin') });
    expect(await screen.findByText('Welkom terug!')).toBeTruthy();
    expect(sessionStorage.getItem(NEXT_PAGE_TOAST_KEY)).toBeNull();
  });

  it('lets a franchise owner into the admin area too', async () => {
    start('/admin/dashboard', { body: me('franchise') });
    expect(await screen.findByText(/Welkom in het beheer/)).toBeTruthy();
  });

  it('sends an admin who opens the franchise area to the no-access page', async () => {
    start('/franchise/dashboard', { body: me('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/no-access');
    expect(window.location.search).toBe('?return_to=%2Ffranchise%2Fdashboard');
    expect(await screen.findByText('Administrator')).toBeTruthy();
  });

  it('sends a visitor without a session to /admin/auth after the rechecks', async () => {
    start('/admin/dashboard', { status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin & Franchise' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/admin/auth?return_to=%2Fadmin%2Fdashboard');
  });

  it("logs out from the app bar with 'Succesvol uitgelogd' and lands on /admin/auth", async () => {
    const mock = start('/admin/dashboard', { body: me('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin & Franchise' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/auth');
    expect(screen.getByText('Succesvol uitgelogd')).toBeTruthy();
    expect(mock.callsTo(KRATOS.logout)).toHaveLength(1);
  });

  it("stays in the console and says 'Fout bij uitloggen' when logging out fails", async () => {
    start('/admin/dashboard', { body: me('admin') }, { [`GET ${KRATOS.logoutBrowser}`]: { status: 500 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByText('Fout bij uitloggen')).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/dashboard');
  });
});
