import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ConfigContext } from '@klusmaat/shared-ui/config';
import { Footer } from './Footer';

describe('Footer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderFooter() {
    return render(
      <ConfigContext value={{ brand: 'Klushulp', phone: '010 765 43 21', email: 'hallo@klushulp.nl' }}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </ConfigContext>,
    );
  }

  it('shows the current year and the brand in the copyright line', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 2031 Klushulp. Alle rechten voorbehouden.');
  });

  it('has the menu with the last link labelled "{brand} Klusser"', () => {
    renderFooter();
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    const links = within(menu).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links[4]?.textContent).toBe('Klushulp Klusser');
    expect(links[4]?.getAttribute('href')).toBe('/word-klusser');
  });

  it('links phone, e-mail and the staff logins', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: /010 765 43 21/ }).getAttribute('href')).toBe('tel:0107654321');
    expect(screen.getByRole('link', { name: /hallo@klushulp\.nl/ }).getAttribute('href')).toBe(
      'mailto:hallo@klushulp.nl',
    );
    expect(screen.getByRole('link', { name: 'Klusser Login' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Beheer Login' }).getAttribute('href')).toBe('/admin/auth');
  });
});
