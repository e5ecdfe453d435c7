import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { createFetchMock, KRATOS, LOGOUT_OK, me } from '@klusmaat/shared-ui/test/authFixtures';
import { App } from '../App';

const INBOX = { 'GET /api/v1/notifications': { body: { data: [], total: 0, unread: 0 } } };

function start(path: string, role: string) {
  const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { body: me(role) }, ...LOGOUT_OK, ...INBOX });
  vi.stubGlobal('fetch', mock.fetchFn);
  window.history.replaceState(null, '', path);
  render(<App />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

// Issue 39 item 18: a screen reader user jumps by headings and landmarks. The console's name and
// the page title in the app bar are no headings before the page's h1, and the side menu is site
// navigation, not an application menu.
describe('console layout', () => {
  it("starts the page's headings with its h1: the app bar's name and title are no headings", async () => {
    start('/admin/dashboard', 'admin');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const headings = screen.getAllByRole('heading');
    expect(headings[0]?.tagName).toBe('H1');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Klusmaat Beheer')).toBeTruthy();
    expect(within(banner).queryAllByRole('heading')).toEqual([]);
  });

  it('puts the side menu in a navigation landmark as a list of links, the open page marked current', async () => {
    start('/admin/klanten', 'admin');
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await within(nav).findByRole('link', { name: 'Beveiliging' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryAllByRole('menuitem')).toEqual([]);
    const list = within(nav).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(within(nav).getAllByRole('link').length);
    const current = within(nav)
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page')
      .map((l) => l.textContent);
    expect(current).toEqual(['Klanten']);
  });
});
