import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { configure } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { fact, renderKlusser } from '../shared/testKit';
import { UITBETALINGEN } from './uitbetalingApi';
import { answers, GEEN_REKENING, PATH, rekening, uitbetaling } from './testUitbetalingen';
import Verdiensten from './Verdiensten';

// The page asks three things at once and renders three sections: on a busy machine the first
// answers take longer than the default second.
beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Uitbetalingen' })).closest('section')!;
const card = (month: string) => screen.getByRole('heading', { level: 3, name: month }).closest('li')!;
const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('Uitbetalingen on /klusser/verdiensten', () => {
  it('shows each statement with its month in words, number, total in euros, state in words and its PDF', async () => {
    const paid = uitbetaling({ maand: '2026-10', nummer: 'UB202610-0003', status: 'uitbetaald', status_tekst: 'Uitbetaald op 05-11-2026', totaal_cents: 123450 });
    const approved = uitbetaling({ maand: '2026-09', nummer: 'UB202609-0001', status: 'goedgekeurd', status_tekst: 'Goedgekeurd', totaal_cents: 10500, uitgever_naam: '' });
    const draft = uitbetaling({ maand: '2026-08', nummer: 'UB202608-0012', status: 'concept', status_tekst: 'Concept', totaal_cents: 0 });
    const { mock } = renderKlusser(PATH, PATH, <Verdiensten />, answers([paid, approved, draft]));

    await screen.findByRole('heading', { level: 3, name: 'oktober 2026' });
    const list = within(await section()).getByRole('list');
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['oktober 2026', 'september 2026', 'augustus 2026']);

    const oktober = card('oktober 2026');
    expect(fact(oktober, 'Nummer')).toBe('UB202610-0003');
    expect(fact(oktober, 'Betaald door')).toBe('Klusmaat Den Haag B.V.');
    expect(fact(oktober, 'Totaal')).toBe('€ 1.234,50');
    // The state is a word (with 'Status:' for a screen reader), not a colour.
    const badge = oktober.querySelector('.klus-badge')!;
    expect(text(badge)).toBe('Status: Uitbetaald');
    expect(within(oktober).getByText('Het geld is op 05-11-2026 naar je rekening overgemaakt.')).toBeTruthy();
    const pdf = within(oktober).getByRole('link', { name: 'Bekijk PDF van oktober 2026' });
    expect(pdf.getAttribute('href')).toBe(`${UITBETALINGEN}/${paid.id}/pdf`);

    const september = card('september 2026');
    expect(text(september.querySelector('.klus-badge')!)).toBe('Status: Goedgekeurd');
    expect(fact(september, 'Totaal')).toBe('€ 105,00');
    expect(within(september).queryByText('Betaald door')).toBeNull();
    expect(within(september).getByText(/binnenkort naar je rekening overgemaakt/)).toBeTruthy();

    const augustus = card('augustus 2026');
    expect(text(augustus.querySelector('.klus-badge')!)).toBe('Status: Concept');
    expect(fact(augustus, 'Totaal')).toBe('€ 0,00');
    expect(fact(augustus, 'Nummer')).toBe('UB202608-0012');
    expect(within(augustus).getByRole('link', { name: /^Bekijk PDF/ }).getAttribute('href')).toBe(draft.pdf);

    // The account is there: no 'IBAN ontbreekt'; newest first and paged as every list.
    expect(screen.queryByText(/IBAN ontbreekt/)).toBeNull();
    expect(mock.callsTo(UITBETALINGEN)[0]?.query.get('page')).toBe('1');
    expect(mock.unexpected).toEqual([]);
  });

  it('says in plain Dutch that there are no statements yet', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([]));
    const s = await section();
    expect(await within(s).findByText('Je hebt nog geen uitbetalingen.')).toBeTruthy();
    expect(within(s).getByText(/Na de eerste maand waarin je een klus hebt afgerond/)).toBeTruthy();
    expect(within(s).queryByRole('list')).toBeNull();
  });

  it("warns 'IBAN ontbreekt' without a bank account, with a link that leads to the form", async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([uitbetaling({ status: 'goedgekeurd', status_tekst: 'Goedgekeurd' })], GEEN_REKENING));
    const s = await section();
    expect(await within(s).findByText('IBAN ontbreekt.')).toBeTruthy();
    expect(within(s).getByText(/Zonder IBAN kunnen wij je verdiensten niet overmaken/)).toBeTruthy();
    const link = within(s).getByRole('link', { name: 'Bankrekening invullen' });
    expect(link.getAttribute('href')).toBe('#bankrekening');
    const iban = await screen.findByLabelText('IBAN');
    // jsdom does not scroll; the link brings the field into view and puts the cursor in it.
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    try {
      await userEvent.setup().click(link);
      expect(document.activeElement).toBe(iban);
      expect(scroll.mock.contexts[0]).toBe(iban);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('loads the next page on request and offers to try again when the list fails', async () => {
    const first = Array.from({ length: 2 }, (_, i) => uitbetaling({ maand: `2026-1${i}`, nummer: `UB20261${i}-0001` }));
    const later = uitbetaling({ maand: '2025-12', nummer: 'UB202512-0001', status: 'uitbetaald', status_tekst: 'Uitbetaald op 04-01-2026' });
    const { mock } = renderKlusser(
      PATH,
      PATH,
      <Verdiensten />,
      answers([{ status: 500 }, { body: { data: first, total: 3 } }], rekening(), {
        [`GET ${UITBETALINGEN}?page=2&per_page=25`]: { body: { data: [later], total: 3 } },
      }),
    );
    const s = await section();
    const user = userEvent.setup();
    expect(await within(s).findByText('Kon je uitbetalingen niet laden. Controleer je internetverbinding.')).toBeTruthy();
    await user.click(within(s).getByRole('button', { name: 'Opnieuw proberen' }));
    await within(s).findByRole('heading', { level: 3, name: 'oktober 2026' });
    await user.click(within(s).getByRole('button', { name: 'Meer uitbetalingen laden' }));
    await within(s).findByRole('heading', { level: 3, name: 'december 2025' });
    await waitFor(() => expect(within(s).queryByRole('button', { name: 'Meer uitbetalingen laden' })).toBeNull());
    expect(mock.unexpected).toEqual([]);
  });
});
