import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { werkbonDetail } from './testFixtures';

/** A list row: the detail without the parts only the detail has. */
function rij(extra: Record<string, unknown> = {}) {
  const detail: Record<string, unknown> = { ...werkbonDetail() };
  for (const key of ['materialen', 'fotos', 'klus', 'factuur', 'ratings', 'handtekening', 'materiaal_totaal_cents', 'opmerkingen', 'notes_internal', 'klant_tevreden', 'netjes_opgeruimd', 'zou_aanbevelen']) {
    delete detail[key];
  }
  return { ...detail, ...extra };
}

function start(api: Record<string, Responder | Responder[]> = {}) {
  return startConsole('/admin/werkbonnen', {
    'GET /api/v1/werkbonnen': { body: { data: [rij(), rij({ id: 'w2', ondertekend: false, klusser: 'Gerrit Visser', beschrijving: 'Kraan' })], total: 2 } },
    'GET /api/v1/werkbonnen/counts': { body: { data: { totaal: 12, ondertekend: 9, niet_ondertekend: 3 } } },
    'GET /api/v1/klussen/klussers': { body: { data: [{ id: 'u1', naam: 'Piet Bakker', woonplaats: 'Voorburg', regio: ['den-haag'], telefoon: '' }], total: 1 } },
    ...api,
  });
}

afterEach(() => {
  // react-admin keeps a list's filters in its store (localStorage): each test starts without.
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('Werkbonnen', () => {
  it('shows the three cards from the server and filters on the signature and the klusser', async () => {
    const mock = start();
    await screen.findByText('Kraan');
    await waitFor(() => expect(screen.getByTestId('werkbonnen-totaal').textContent).toBe('12'));
    expect(screen.getByTestId('werkbonnen-ondertekend').textContent).toBe('9');
    expect(screen.getByTestId('werkbonnen-niet_ondertekend').textContent).toBe('3');
    // Every active klusser, from all regions at once.
    expect(mock.calls.find((c) => c.path === '/api/v1/klussen/klussers')?.query.getAll('regio')).toEqual(['amsterdam', 'den-haag', 'rotterdam', 'utrecht']);

    // Nothing chosen: the field says so, its label above it (not in it, over the arrow).
    const handtekening = screen.getByRole('combobox', { name: 'Handtekening' });
    expect(handtekening.textContent).toBe('Alle werkbonnen');
    const label = screen.getAllByText('Handtekening').map((e) => e.closest('[data-shrink]')).find((l) => l !== null);
    expect(label?.getAttribute('data-shrink')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Handtekening' }));
    // The empty option is named by what it shows (WCAG 2.5.3), not react-admin's 'Veld leegmaken'.
    const alle = await screen.findByRole('option', { name: 'Alle werkbonnen' });
    expect(alle.getAttribute('title')).toBe('Alle werkbonnen');
    expect(screen.queryByRole('option', { name: 'Veld leegmaken' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Niet ondertekend' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/werkbonnen').at(-1)?.query.get('ondertekend')).toBe('nee'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Klusser' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Piet Bakker' }));
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/werkbonnen').at(-1)?.query.get('klusser_id')).toBe('u1'));
    // The cards follow the klusser, not the signed filter they split on.
    const counts = mock.calls.filter((c) => c.path === '/api/v1/werkbonnen/counts').at(-1);
    expect([counts?.query.get('klusser_id'), counts?.query.has('ondertekend')]).toEqual(['u1', false]);
  });

  it('opens a work order with its materials in euros, photos, ratings and signature', async () => {
    start({ 'GET /api/v1/werkbonnen/w1': { body: { data: werkbonDetail() } } });
    fireEvent.click(await screen.findByText('Lamp ophangen'));
    const dialog = await screen.findByRole('dialog', { name: 'Werkbon' });
    expect(await within(dialog).findByText('Lampsnoer')).toBeTruthy();
    expect(within(dialog).getAllByText('€ 12,50')).toHaveLength(2);
    expect(within(dialog).getByRole('img', { name: 'Foto na de klus' }).getAttribute('src')).toBe('/api/v1/werkbon-fotos/p1');
    expect(within(dialog).getByText('4,0 van 5')).toBeTruthy();
    expect(within(dialog).getByText('9 van 10')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Handtekening van de klant' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Factuur openen (PDF)' }).getAttribute('href')).toBe('/api/v1/facturen/f1/pdf');
  });

  it('says so when a work order is unsigned, and when there are none', async () => {
    start({
      'GET /api/v1/werkbonnen/w1': { body: { data: werkbonDetail({ handtekening: null, ratings: null, ondertekend: false }) } },
    });
    fireEvent.click(await screen.findByText('Lamp ophangen'));
    const dialog = await screen.findByRole('dialog', { name: 'Werkbon' });
    expect(await within(dialog).findByText('Niet ondertekend')).toBeTruthy();
    expect(within(dialog).getByText('Nog geen beoordeling')).toBeTruthy();
  });

  it('shows Nog geen werkbonnen on an empty platform', async () => {
    start({ 'GET /api/v1/werkbonnen': { body: { data: [], total: 0 } } });
    expect(await screen.findByText('Nog geen werkbonnen')).toBeTruthy();
  });
});
