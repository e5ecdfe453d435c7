import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ConfigContext, defaultConfig } from '@klusmaat/shared-ui/config';
import { Header } from './Header';

function renderAt(path: string) {
  return render(
    <ConfigContext value={{ ...defaultConfig, brand: 'Klushulp' }}>
      <MemoryRouter initialEntries={[path]}>
        <Header />
      </MemoryRouter>
    </ConfigContext>,
  );
}

describe('Header', () => {
  it('marks only the link of the current route with aria-current="page"', () => {
    renderAt('/diensten');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Diensten' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Onze Klussers' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks Home only on "/" itself', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the brand, the five links in order and the call to action', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Klushulp' }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Diensten', '/diensten'],
      ['Onze Werkwijze', '/onze-werkwijze'],
      ['Onze Klussers', '/klussers'],
      ['Word Klusser', '/word-klusser'],
    ]);
    expect(screen.getByRole('link', { name: 'Vraag een klusser aan' }).getAttribute('href')).toBe('/aanvraag');
  });

  it('opens the side sheet as a dialog, moves focus in, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    renderAt('/klussers');
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    await user.click(menuButton);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Onze Klussers' }).getAttribute('aria-current')).toBe('page');
    // The page behind the sheet is inert and does not scroll.
    expect(menuButton.closest<HTMLElement>('.header-inner')?.inert).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    expect(menuButton.closest<HTMLElement>('.header-inner')?.inert).toBe(false);
  });

  it('keeps Tab inside the open sheet', async () => {
    const user = userEvent.setup();
    renderAt('/');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(dialog).getByRole('button', { name: /Sluiten/ });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(within(dialog).getByRole('link', { name: 'Vraag een klusser aan' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
