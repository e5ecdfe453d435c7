import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ConfigContext } from '@klusmaat/shared-ui/config';
import Diensten from './Diensten';
import Home from './Home';
import Landing from './Landing';
import Werkwijze from './Werkwijze';

const config = { brand: 'Klushulp', phone: '010 765 43 21', email: 'hallo@klushulp.nl' };

function renderPage(page: React.ReactElement) {
  return render(
    <ConfigContext value={config}>
      <MemoryRouter>{page}</MemoryRouter>
    </ConfigContext>,
  );
}

describe('services page', () => {
  it('lists the five categories, each with a checklist and a request link carrying ?categorie=', () => {
    renderPage(<Diensten />);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 5)).toEqual([
      'Montage & Ophangwerk',
      'Veilig & Comfortabel Wonen',
      'Klein Onderhoud & Reparaties',
      'Klein Schilder- & Afwerkwerk',
      'Digitale Hulp & Installatie',
    ]);
    const links = screen.getAllByRole('link', { name: /^Deze klus aanvragen/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      ['montage', 'veiligheid', 'onderhoud', 'schilderen', 'digitaal'].map((k) => `/aanvraag?categorie=${k}`),
    );
    for (const item of ['Gordijnrails en roedes ophangen', 'Steunbeugels plaatsen bij toilet, douche en bad', 'Rookmelders en koolmonoxidemelders ophangen']) {
      expect(screen.getByText(item)).toBeTruthy();
    }
    expect(screen.getAllByRole('list', { name: /^Voorbeelden van / })).toHaveLength(5);
    // The closing block: call or request online.
    expect(screen.getByRole('link', { name: 'Bel 010 765 43 21' }).getAttribute('href')).toBe('tel:0107654321');
    expect(screen.getByRole('link', { name: 'Vraag online aan' }).getAttribute('href')).toBe('/aanvraag');
  });
});

describe('working method', () => {
  it('shows the 4 steps and the promises', () => {
    renderPage(<Werkwijze />);
    const steps = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(steps.slice(0, 4)).toEqual(['Stap 1: Aanvraag', 'Stap 2: Persoonlijke opname', 'Stap 3: Duidelijke offerte', 'Stap 4: Vakkundige uitvoering']);
    expect(steps).toContain('Binnen 24 uur contact');
    expect(steps).toContain('Gratis opname bij u thuis');
    expect(steps).toContain('Vaste prijs');
    expect(document.body.textContent).toContain('per mail of WhatsApp de gegevens en een foto');
  });
});

describe('second landing page', () => {
  it("offers 'Bel nu' and 'Of vraag online aan', three reasons, the process and six examples", () => {
    renderPage(<Landing />);
    expect(screen.getByRole('link', { name: /^Bel nu/ }).getAttribute('href')).toBe('tel:0107654321');
    expect(screen.getByRole('link', { name: 'Of vraag online aan' }).getAttribute('href')).toBe('/aanvraag');
    const why = screen.getByRole('heading', { level: 2, name: 'Waarom kiezen voor Klushulp?' }).closest('section')!;
    expect(within(why).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Vakkundig', 'VOG-gescreend', 'Lokaal']);
    const examples = screen.getByRole('heading', { level: 2, name: /Hier helpen wij u bijvoorbeeld mee/ }).closest('section')!;
    expect(within(examples).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ophangwerk',
      'Klein schilderwerk',
      '(De)montage',
      'Veiligheid & comfort',
      'Kleine reparaties',
      'Tuinonderhoud',
    ]);
    expect(screen.getAllByRole('heading', { level: 3, name: /^Stap \d:/ })).toHaveLength(4);
  });

  it('is linked from the home page', () => {
    renderPage(<Home />);
    expect(screen.getByRole('link', { name: 'Lees waarom u voor Klushulp kiest' }).getAttribute('href')).toBe('/waarom-kiezen');
    expect(screen.getByRole('link', { name: 'Vraag een Klushulp aan' }).getAttribute('href')).toBe('/aanvraag');
  });
});
