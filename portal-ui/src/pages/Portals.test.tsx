import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import Portals from './Portals';

describe("/portals ('Welkom')", () => {
  it('offers the klusser portal, the console and the application page', () => {
    render(
      <MemoryRouter initialEntries={['/portals']}>
        <Portals />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welkom' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Klusser Portaal' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Admin & Franchise' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar het Klusser Portaal' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Naar Admin & Franchise' }).getAttribute('href')).toBe('/admin/auth');
    expect(screen.getByRole('link', { name: /Word klusser/ }).getAttribute('href')).toBe('/word-klusser');
    expect(document.title).toBe('Welkom – Klusmaat');
  });
});
