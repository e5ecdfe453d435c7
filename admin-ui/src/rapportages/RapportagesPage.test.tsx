import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from '../test/startConsole';

const base = { id: 'e1', soort: 'uren', voortgang: 0, rijen: null, bestandsnaam: null, fout: null, created_at: '2026-11-23T10:00:00Z', finished_at: null };

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Rapportages', () => {
  it('runs the hours export in the background with a progress bar, then downloads it with the count toast', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => {} }));
    const mock = startConsole('/admin/rapportages', {
      'POST /api/v1/exports': { status: 202, body: { ...base, status: 'wachtrij' } },
      'GET /api/v1/exports/e1': [
        { body: { ...base, status: 'bezig', voortgang: 40 } },
        { body: { ...base, status: 'klaar', voortgang: 100, rijen: 12, bestandsnaam: 'uren-export-01-11-2026-tot-23-11-2026.csv' } },
      ],
      'GET /api/v1/exports/e1/download': { body: 'Datum;Klusser\n' },
    });
    fireEvent.change(await screen.findByLabelText('Startdatum'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Einddatum'), { target: { value: '2026-11-23' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Regio' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Den Haag' }));
    fireEvent.click(screen.getByRole('button', { name: 'Uren Export' }));
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('12 werkbonnen geëxporteerd')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ soort: 'uren', van: '2026-11-01', tot: '2026-11-23', regio: 'den-haag' });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(screen.getByRole('link', { name: /uren-export-01-11-2026-tot-23-11-2026.csv opnieuw downloaden/ }).getAttribute('href')).toBe('/api/v1/exports/e1/download');
  });

  it('says when the period has no invoices, and shows a refused period under its field', async () => {
    startConsole('/admin/rapportages', {
      'POST /api/v1/exports': [
        { status: 400, body: { error: { code: 'invalid_export', message: 'Controleer de gekozen periode en regio.', fields: { tot: 'De einddatum ligt voor de begindatum.' } } } },
        { status: 202, body: { ...base, soort: 'facturen', status: 'wachtrij' } },
      ],
      'GET /api/v1/exports/e1': { body: { ...base, soort: 'facturen', status: 'mislukt', voortgang: 100, fout: 'Geen facturen gevonden voor deze periode' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Facturen Export' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Facturen Export' }));
    expect((await screen.findAllByText('Geen facturen gevonden voor deze periode')).length).toBeGreaterThan(0);
  });
});
