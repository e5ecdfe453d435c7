import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import pageModules from './pageModules.json';
import { buildRoutes, pages, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('router', () => {
  it('has a page for every pattern in routes.json and no page outside it', () => {
    expect([...routes].sort()).toEqual(Object.keys(pages).sort());
    expect(routes).toContain('/');
  });

  it('serves the sign-in pages and the klusser dashboard', () => {
    for (const path of ['/auth', '/login', '/portals', '/wachtwoord-vergeten', '/klusser/dashboard']) {
      expect(routes).toContain(path);
    }
  });

  it.each([
    ['/auth', 'Klusser Login'],
    ['/login', 'Medewerkers Login'],
    ['/portals', 'Welkom'],
    ['/wachtwoord-vergeten', 'Wachtwoord vergeten'],
  ])('renders %s with its heading and the public header', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('lists every route in pageModules.json with the module the router loads', () => {
    expect(Object.keys(pageModules).sort()).toEqual([...routes].sort());
    const source = readFileSync(resolve(process.cwd(), 'src/router.tsx'), 'utf8');
    for (const [pattern, { module }] of Object.entries(pageModules)) {
      expect(existsSync(resolve(process.cwd(), module)), module).toBe(true);
      const lazyImport = `'${pattern}': lazy(() => import('./${module.replace(/^src\//, '').replace(/\.tsx$/, '')}'))`;
      expect(source, pattern).toContain(lazyImport);
    }
  });

  it.each([
    ['/diensten', 'Onze diensten', true],
    ['/onze-werkwijze', 'Onze werkwijze', true],
    ['/waarom-kiezen', 'Een klus in huis? Een ervaren klusser helpt u graag', false],
    ['/word-klusser', 'Word klusser bij Klusmaat', true],
    ['/aanvraag', 'Vraag een klusser aan', false],
    ['/klussers', 'Onze klussers', true],
  ])('renders %s with its heading, the header, and the footer only where the spec wants it', async (path, heading, footer) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('contentinfo') !== null).toBe(footer);
  });

  it('refuses a route pattern without a page', () => {
    expect(() => buildRoutes(['/', '/bestaat-niet'])).toThrow(/no page/);
  });

  it('renders the home page on "/" with header and footer', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uw betrouwbare klusmaat dichtbij' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar de inhoud' }).getAttribute('href')).toBe('#inhoud');
    await waitFor(() => expect(document.title).toBe('Klusmaat – Uw betrouwbare klusmaat dichtbij'));
  });

  it('renders NotFound for an unknown path, with the header but without the footer', async () => {
    renderAt('/deze-pagina-bestaat-niet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('hides the header under /klusser', async () => {
    renderAt('/klusser/bestaat-niet');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
