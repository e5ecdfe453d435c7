import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { MeResult } from '@klusmaat/shared-ui/auth/api';
import { me } from '@klusmaat/shared-ui/test/authFixtures';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { renderConsolePage } from '../test/renderConsolePage';
import { AccessGuard, redirectPath } from './AccessGuard';

const content = <p>Beschermde inhoud</p>;

function guard(path: string, area: 'admin' | 'franchise', ...answers: MeResult[]) {
  const queue = [...answers];
  const fetchMe = vi.fn(async () => (queue.length > 1 ? queue.shift() : queue[0]) as MeResult);
  const deps = { fetchMe };
  renderConsolePage(path, path, <AccessGuard area={area} deps={deps}>{content}</AccessGuard>);
  return fetchMe;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('AccessGuard', () => {
  it('shows a spinner with a Dutch label while checking, then the content 300 ms later', async () => {
    guard('/admin/klussen', 'admin', { kind: 'ok', me: me('admin') });
    expect(screen.getByText('Toegang wordt gecontroleerd…').closest('[role="status"]')).toBeTruthy();
    await tick(299);
    expect(screen.queryByText('Beschermde inhoud')).toBeNull();
    await tick(1);
    expect(screen.getByText('Beschermde inhoud')).toBeTruthy();
  });

  it('allows only franchise in the franchise area', async () => {
    guard('/franchise/dashboard', 'franchise', { kind: 'ok', me: me('admin') });
    await tick(0);
    expect(screen.getByRole('heading', { name: 'Pagina /admin/no-access?return_to=%2Ffranchise%2Fdashboard' })).toBeTruthy();
  });

  it('sends a session without the second factor to its step', async () => {
    guard('/admin/dashboard', 'admin', { kind: 'mfa_required' });
    await tick(0);
    expect(screen.getByRole('heading', { name: 'Pagina /admin/auth?aal=aal2&return_to=%2Fadmin%2Fdashboard' })).toBeTruthy();
  });

  it('sends a visitor without a session to /admin/auth after 8 rechecks 200 ms apart', async () => {
    const fetchMe = guard('/admin/dashboard', 'admin', { kind: 'unauthenticated' });
    await tick(1599);
    expect(screen.queryByRole('heading', { name: /Pagina/ })).toBeNull();
    await tick(1);
    expect(fetchMe).toHaveBeenCalledTimes(9);
    expect(screen.getByRole('heading', { name: 'Pagina /admin/auth?return_to=%2Fadmin%2Fdashboard' })).toBeTruthy();
  });

  it("shows the error screen after a time-out, with 'Opnieuw proberen' and 'Terug naar login'", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const fetchMe = vi.fn(() => new Promise<MeResult>(() => {}));
    renderConsolePage('/admin/dashboard', '/admin/dashboard', <AccessGuard area="admin" deps={{ fetchMe }}>{content}</AccessGuard>);
    await tick(10000);
    const heading = screen.getByRole('heading', { level: 1, name: 'Fout bij toegangscontrole' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Toegangscontrole duurt te lang. Probeer het opnieuw.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(reload).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Terug naar login' }));
    expect(screen.getByRole('heading', { name: 'Pagina /admin/auth' })).toBeTruthy();
  });

  it('shows the network message when the server cannot be reached', async () => {
    guard('/admin/dashboard', 'admin', { kind: 'network' });
    await tick(7000);
    expect(screen.getByText('Netwerkfout - controleer je internetverbinding')).toBeTruthy();
  });

  it('maps every redirect state to its path', () => {
    expect(redirectPath('login', '/admin')).toBe('/admin/auth?return_to=%2Fadmin');
    expect(redirectPath('second-factor', '/admin')).toBe('/admin/auth?aal=aal2&return_to=%2Fadmin');
    expect(redirectPath('no-access', '/admin')).toBe('/admin/no-access?return_to=%2Fadmin');
  });
});
