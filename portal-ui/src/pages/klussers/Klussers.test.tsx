import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockFetch } from '../../test/fetchMock';
import Klussers from './Klussers';

const DEMO = [
  {
    id: 'p1',
    naam: 'Piet Bakker',
    woonplaats: 'Voorburg',
    specialisaties: ['Houtwerk', 'Reparaties', 'Monteren'],
    gemiddelde_beoordeling: 4.8,
    totaal_uren: 312.5,
    gepensioneerd_sinds: 2021,
    intro_tekst: 'Veertig jaar timmerman geweest.',
    profiel_foto_url: null,
    carousel_fotos: [],
  },
  {
    id: 'p2',
    naam: 'Gerrit Visser',
    woonplaats: 'Zeist',
    specialisaties: ['Schilderen', 'Tegelwerk'],
    gemiddelde_beoordeling: 4.5,
    totaal_uren: 198,
    gepensioneerd_sinds: 2018,
    intro_tekst: '',
    profiel_foto_url: '/foto/gerrit.jpg',
    carousel_fotos: ['/c/1.jpg', '/c/2.jpg', '/c/3.jpg', '/c/4.jpg'],
  },
  {
    id: 'p3',
    naam: 'Jan de Groot',
    woonplaats: 'Schiedam',
    specialisaties: ['Elektrisch'],
    gemiddelde_beoordeling: null,
    totaal_uren: 12,
    gepensioneerd_sinds: null,
    intro_tekst: '',
    profiel_foto_url: null,
    carousel_fotos: [],
  },
];

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/klussers', element: <Klussers /> },
      { path: '*', element: <h1>Elders</h1> },
    ],
    { initialEntries: ['/klussers'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('klusser showcase', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the cards by the rules', async () => {
    mockFetch({ '/api/v1/public/klussers': () => json(200, { data: DEMO, total: DEMO.length }) });
    renderPage();
    expect(screen.getByText('De klussers worden geladen…')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Piet Bakker' });

    const piet = card('Piet Bakker');
    const chips = within(within(piet).getByRole('list', { name: 'Specialisaties' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Houtwerk', 'Reparaties', '…en meer']);
    expect(piet.textContent).not.toContain('Monteren');
    expect(piet.textContent).toContain('4,8');
    expect(piet.textContent).toContain('313 uur');
    expect(within(piet).getByText('Geen foto beschikbaar')).toBeTruthy();

    const gerrit = card('Gerrit Visser');
    expect(gerrit.textContent).not.toContain('…');
    expect(gerrit.textContent).toContain('4,5');
    expect(within(gerrit).getByRole('img', { name: 'Foto van Gerrit Visser' }).getAttribute('src')).toBe('/foto/gerrit.jpg');
    expect(within(gerrit).queryByText('Geen foto beschikbaar')).toBeNull();

    const jan = card('Jan de Groot');
    expect(jan.textContent).not.toContain('Beoordeling');
    expect(jan.textContent).toContain('12 uur');
  });

  it('opens a detail dialog whose carousel of up to 3 photos loops', async () => {
    mockFetch({ '/api/v1/public/klussers': () => json(200, { data: DEMO, total: DEMO.length }) });
    const router = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Gerrit Visser' });
    const open = within(card('Gerrit Visser')).getByRole('button', { name: /Bekijk profiel/ });
    expect(open.textContent).toBe('Bekijk profiel van Gerrit Visser');
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Gerrit Visser' });
    const img = () => within(dialog).getByRole('img');
    expect(img().getAttribute('src')).toBe('/c/1.jpg');
    expect(within(dialog).getByText('Foto 1 van 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Vorige foto/ }));
    expect(img().getAttribute('src')).toBe('/c/3.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: /Volgende foto/ }));
    expect(img().getAttribute('src')).toBe('/c/1.jpg');
    const carousel = within(dialog).getByRole('group', { name: "Foto's van Gerrit Visser" });
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(img().getAttribute('src')).toBe('/c/3.jpg');
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(img().getAttribute('src')).toBe('/c/1.jpg');
    expect(img().getAttribute('alt')).toBe('Foto 1 van 3: werk van Gerrit Visser');
    // The retirement year and the booking link.
    expect(dialog.textContent).toContain('Met pensioen sinds 2018.');
    const book = within(dialog).getByRole('link', { name: 'Boek deze klusser' });
    expect(book.getAttribute('href')).toBe('/aanvraag');
    // Escape closes and focus returns to the card's button.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Boek deze klusser' }));
    expect(router.state.location.pathname).toBe('/aanvraag');
  });

  it("shows all specialisations in the dialog, also the ones the card leaves out", async () => {
    mockFetch({ '/api/v1/public/klussers': () => json(200, { data: DEMO, total: DEMO.length }) });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Piet Bakker' });
    expect(within(card('Piet Bakker')).queryByText(/Monteren/)).toBeNull();
    fireEvent.click(within(card('Piet Bakker')).getByRole('button', { name: /Bekijk profiel/ }));
    const dialog = screen.getByRole('dialog', { name: 'Piet Bakker' });
    for (const name of ['Houtwerk', 'Reparaties', 'Monteren']) expect(within(dialog).getByText(new RegExp(name))).toBeTruthy();
  });

  it('shows the empty message', async () => {
    mockFetch({ '/api/v1/public/klussers': () => json(200, { data: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText('Momenteel zijn er geen klussers beschikbaar. Check later nog eens!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Word klusser' }).getAttribute('href')).toBe('/word-klusser');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockFetch({ '/api/v1/public/klussers': () => (fail ? json(500, {}) : json(200, { data: DEMO, total: DEMO.length })) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('De klussers konden niet worden geladen.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Piet Bakker' })).toBeTruthy();
  });
});
