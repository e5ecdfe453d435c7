import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from './App';

describe('App', () => {
  it.each([
    ['/admin', '/admin/dashboard', /Welkom in het beheer/],
    ['/franchise', '/franchise/dashboard', /Welkom in het franchiseportaal/],
  ])('sends %s to %s and shows the Dutch dashboard, not the react-admin welcome screen', async (start, end, welcome) => {
    window.history.replaceState(null, '', start);
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(welcome)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe(end));
    expect(screen.queryByText(/Welcome to react-admin/i)).toBeNull();
    expect(screen.queryByText(/Ready/)).toBeNull();
  });
});
