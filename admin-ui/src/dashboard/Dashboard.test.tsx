import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../i18nProvider';
import { Dashboard } from './Dashboard';

describe('Dashboard', () => {
  it('renders its heading, a Dutch welcome with the brand, and the page title', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Dashboard area="franchise" brand="Klushulp" />
      </AdminContext>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(/Welkom in het franchiseportaal van Klushulp/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard – Klushulp'));
  });
});
