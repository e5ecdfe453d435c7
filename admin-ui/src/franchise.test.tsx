import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { startConsole } from './test/startConsole';
import { rij } from './klussen/testFixtures';

// The franchise portal: read-only pages of the owner's regions.

const JOB = rij({ geschatte_duur: 1, notitie: false });

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('franchise portal', () => {
  it('says what to do on the dashboard without a region', async () => {
    startConsole('/franchise/dashboard', { 'GET /api/v1/dashboard': { status: 500 } }, 'franchise', []);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(
      await screen.findByText('Je regio is nog niet toegewezen. Neem contact op met de admin om je regio in te stellen.'),
    ).toBeTruthy();
  });

  it("opens the jobs by date ascending, filtered as the dashboard's link says", async () => {
    const mock = startConsole('/franchise/klussen?status=bezig&woonplaats=Leidschendam', { 'GET /api/v1/klussen': { body: { data: [JOB], total: 1 } } }, 'franchise');
    await waitFor(() => {
      const q = mock.calls.filter((c) => c.path === '/api/v1/klussen').at(-1)?.query;
      expect(q?.get('status')).toBe('bezig');
      expect(q?.get('woonplaats')).toBe('Leidschendam');
      expect(q?.get('sort')).toBe('datum');
      expect(q?.get('order')).toBe('asc');
    });
    expect(((await screen.findByLabelText('Woonplaats')) as HTMLInputElement).value).toBe('Leidschendam');
  });

  it('lists the jobs with address, contact and a Details link, and no way to change them', async () => {
    const mock = startConsole('/franchise/klussen', { 'GET /api/v1/klussen': { body: { data: [JOB], total: 1 } } }, 'franchise');
    const row = (await screen.findByText('Lamp ophangen')).closest('tr') as HTMLElement;
    // The postcode keeps its two parts on one line (its own element) before the town.
    expect(row.textContent).toContain('2271 AB Voorburg');
    expect(within(row).getByText('greet@example.nl')).toBeTruthy();
    expect(within(row).getByText('070 123 45 67')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Details van Lamp ophangen' }).getAttribute('href')).toBe(`/franchise/klussen/${JOB.id}`);
    expect(screen.queryByRole('button', { name: /Nieuwe klus|Bewerken|Verwijderen/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Zoeken (omschrijving, adres of e-mail)'), { target: { value: 'herenstraat' } });
    await waitFor(() => expect(mock.calls.filter((c) => c.path === '/api/v1/klussen').at(-1)?.query.get('q')).toBe('herenstraat'));
  });

  it("shows another region's job id as not found", async () => {
    startConsole(
      '/franchise/klussen/00000000-0000-4000-8000-000000000099',
      { 'GET /api/v1/klussen/00000000-0000-4000-8000-000000000099': { status: 404, body: { error: { code: 'klus_not_found', message: 'Klus niet gevonden' } } } },
      'franchise',
    );
    expect(await screen.findByRole('heading', { name: 'Klus niet gevonden' })).toBeTruthy();
  });

  it('lists klussers with N/A for no rating, and says when none are found', async () => {
    startConsole(
      '/franchise/klussers',
      {
        'GET /api/v1/klussers': [
          { body: { data: [{ id: 'k1', naam: 'Piet Bakker', email: 'piet@klusmaat.nl', telefoon: '06 1', woonplaats: 'Voorburg', regio: ['den-haag'], gemiddelde_beoordeling: null, totaal_uren: 12.5, actief: true, zichtbaar_op_website: true }], total: 1 } },
          { body: { data: [], total: 0 } },
        ],
      },
      'franchise',
    );
    const row = (await screen.findByText('Piet Bakker')).closest('tr') as HTMLElement;
    expect(within(row).getByText('N/A')).toBeTruthy();
    expect(within(row).getByText('12,5')).toBeTruthy();
    expect(within(row).getByText('Actief')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Zoeken op naam, e-mail of telefoon'), { target: { value: 'niemand' } });
    expect(await screen.findByText('Geen klussers gevonden in jouw regio')).toBeTruthy();
  });

  it("saves its regions' support contact, and says so without regions", async () => {
    const mock = startConsole(
      '/franchise/settings',
      {
        'GET /api/v1/regio-instellingen': { body: { data: { id: 'mijn', regios: [{ regio: 'den-haag', naam: 'Den Haag', support_phone: '', support_email: '' }] } } },
        'PUT /api/v1/regio-instellingen': { body: { data: { id: 'mijn', regios: [] }, message: 'Opgeslagen' } },
        'GET /api/v1/factuur-uitgevers': { body: { data: [], total: 0 } },
      },
      'franchise',
    );
    fireEvent.change(await screen.findByLabelText('Supporttelefoon Den Haag'), { target: { value: '070 300 40 50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Opgeslagen')).toBeTruthy();
    expect(mock.calls.find((c) => c.method === 'PUT')?.body).toEqual({ regios: [{ regio: 'den-haag', support_phone: '070 300 40 50', support_email: '' }] });
  });

  it('says Geen regio toegewezen aan jouw account on the lists without a region', async () => {
    startConsole('/franchise/klussen', { 'GET /api/v1/klussen': { body: { data: [], total: 0 } } }, 'franchise', []);
    expect(await screen.findByText('Geen regio toegewezen aan jouw account')).toBeTruthy();
  });

  it("says Geen regio's toegewezen on the settings without regions", async () => {
    startConsole(
      '/franchise/settings',
      { 'GET /api/v1/regio-instellingen': { body: { data: { id: 'mijn', regios: [] } } }, 'GET /api/v1/factuur-uitgevers': { body: { data: [], total: 0 } } },
      'franchise',
      [],
    );
    expect(await screen.findByText("Geen regio's toegewezen")).toBeTruthy();
  });
});
