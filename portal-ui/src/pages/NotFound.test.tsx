import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import NotFound from './NotFound';

describe('NotFound', () => {
  it('renders the heading, a Dutch explanation and a link home', () => {
    render(
      <MemoryRouter initialEntries={['/weg']}>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByText(/bestaat niet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Pagina niet gevonden – Klusmaat');
  });
});
