import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { configure } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { API, fact, renderKlusser } from '../shared/testKit';
import { answers, EARNINGS, PATH } from './testUitbetalingen';
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

describe('/klusser/verdiensten', () => {
  it('shows hours and amount for this week, this month and in total', async () => {
    const { mock } = renderKlusser(PATH, PATH, <Verdiensten />, answers([]));
    const week = (await screen.findByRole('heading', { level: 2, name: 'Deze Week' })).closest('li')!;
    expect(screen.getByRole('heading', { level: 1, name: 'Mijn Verdiensten' })).toBeTruthy();
    expect(within(week).getByText('De laatste 7 dagen')).toBeTruthy();
    expect(fact(week, 'Gewerkt')).toBe('3 uur');
    expect(fact(week, 'Verdiend')).toBe('€ 105,00');
    const month = screen.getByRole('heading', { level: 2, name: 'Deze Maand' }).closest('li')!;
    expect(within(month).getByText('De laatste 30 dagen')).toBeTruthy();
    expect(fact(month, 'Gewerkt')).toBe('12,5 uur');
    expect(fact(month, 'Verdiend')).toBe('€ 437,50');
    const total = screen.getByRole('heading', { level: 2, name: 'Totaal' }).closest('li')!;
    expect(fact(total, 'Gewerkt')).toBe('1.234 uur');
    expect(fact(total, 'Verdiend')).toBe('€ 43.190,00');
    // The rate is the server's figure, not one the portal keeps.
    expect(screen.getByText('Je verdient € 35 per gewerkt uur.')).toBeTruthy();
    // Then the statements and the bank account (Uitbetalingen.test.tsx, Bankrekening.test.tsx).
    expect(await screen.findByRole('heading', { level: 2, name: 'Uitbetalingen' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Mijn bankrekening' })).toBeTruthy();
    expect(mock.unexpected).toEqual([]);
  });

  it('shows zeros for a klusser who has not worked yet', async () => {
    const zero = { uren: 0, bedrag_cents: 0 };
    renderKlusser(PATH, PATH, <Verdiensten />, answers([], undefined, { [`GET ${API}/verdiensten`]: { body: { week: zero, maand: zero, totaal: zero, per_uur_cents: 4000 } } }));
    const total = (await screen.findByRole('heading', { level: 2, name: 'Totaal' })).closest('li')!;
    expect(fact(total, 'Verdiend')).toBe('€ 0,00');
    expect(screen.getByText('Je verdient € 40 per gewerkt uur.')).toBeTruthy();
  });

  it('offers to try again when the earnings cannot be loaded', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([], undefined, { [`GET ${API}/verdiensten`]: [{ status: 500 }, { body: EARNINGS }] }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Deze Week' })).toBeTruthy();
  });
});
