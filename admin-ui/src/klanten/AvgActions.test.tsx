import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { AvgActions, KEPT } from './AvgActions';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderActions() {
  return render(
    // The erase is a data provider action: the real provider reaches the stubbed fetch.
    <AdminContext dataProvider={dataProvider}>
      <AvgActions email="klant@example.nl" />
    </AdminContext>,
  );
}

describe('AVG actions on the customer card', () => {
  it('erases only after a confirmation that says what stays and why', async () => {
    const fetchFn = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        new Response(JSON.stringify({ klussen: 2, emails: 3, facturen_bewaard: 1, toelichting: KEPT }), {
          status: String(input).endsWith('/wissen') ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchFn);
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Gegevens wissen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Facturen blijven bewaard: de wet verplicht ons facturen zeven jaar te bewaren');
    expect(fetchFn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ja, wissen' }));
    await waitFor(() => expect(screen.getByText(/Gewist: 2 klussen en 3 e-mails\. 1 facturen zijn bewaard/)).toBeTruthy());
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/klanten/klant%40example.nl/wissen');
    expect(init.method).toBe('POST');
    expect((screen.getByRole('button', { name: 'Gegevens wissen', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cancelling the confirmation erases nothing', async () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Gegevens wissen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuleren' }));
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
