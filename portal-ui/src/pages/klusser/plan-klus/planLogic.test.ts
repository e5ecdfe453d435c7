// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { klus } from '../shared/testKit';
import { initialDate, initialTime, planProblem, slotOf, TIME_OPTIONS, wishWarnings } from './planLogic';

// Dutch calendar days as the screen makes them (todayNL): local midnight of the Dutch date.
const today = new Date(2026, 10, 20);

describe('plan rules (document 001, section 5)', () => {
  it('offers every half hour from 08:00 to 20:00', () => {
    expect(TIME_OPTIONS).toHaveLength(25);
    expect(TIME_OPTIONS.slice(0, 3)).toEqual(['08:00', '08:30', '09:00']);
    expect(TIME_OPTIONS.at(-1)).toBe('20:00');
  });

  it.each([
    ['08:00', 'ochtend'],
    ['11:30', 'ochtend'],
    ['12:00', 'middag'],
    ['16:30', 'middag'],
    ['17:00', 'avond'],
    ['20:00', 'avond'],
  ])('puts %s in the %s block', (time, slot) => {
    expect(slotOf(time)).toBe(slot);
  });

  it('starts a change at the planned day and time on the Dutch clock, also across midnight UTC', () => {
    // 00:30 in Amsterdam on 25 November is 23:30 UTC on the 24th.
    const planned = klus({ status: 'ingepland', geplande_start_tijd: '2026-11-24T23:30:00Z', tijd: 'avond' });
    expect(initialDate(planned, today)).toBe('2026-11-25');
    // Not a time that can be chosen: the klusser picks one.
    expect(initialTime(planned)).toBe('');
    const summer = klus({ status: 'ingepland', geplande_start_tijd: '2026-07-01T16:30:00Z' });
    expect(initialTime(summer)).toBe('18:30');
  });

  it('starts a first plan at the wished day, unless it has passed', () => {
    expect(initialDate(klus({ datum: '2026-11-20' }), today)).toBe('2026-11-20');
    expect(initialDate(klus({ datum: '2026-11-19' }), today)).toBe('');
    expect(initialTime(klus({ tijd: '07:00' }))).toBe('');
  });

  it('warns about another day and a time outside the wished block, not about a time inside it', () => {
    const wish = { datum: '2026-11-24', tijd: 'middag' };
    expect(wishWarnings(wish, '2026-11-24', '12:00')).toEqual([]);
    expect(wishWarnings(wish, '2026-11-24', '16:30')).toEqual([]);
    expect(wishWarnings(wish, '2026-11-24', '17:00')).toEqual(['De klant wil de klus graag in de middag (12:00-17:00).']);
    expect(wishWarnings(wish, '2026-11-23', '13:00')).toEqual(['De klant wil de klus graag op dinsdag 24 november 2026.']);
    expect(wishWarnings({ datum: '2026-11-24', tijd: '10:30' }, '2026-11-24', '11:00')).toEqual(['De klant wil de klus graag om 10:30.']);
    expect(wishWarnings(wish, '', '')).toEqual([]);
  });

  it('stops a plan without day or time, or on a past day', () => {
    expect(planProblem('', '09:00', today)).toBe('Selecteer eerst een datum en tijd');
    expect(planProblem('2026-11-24', '', today)).toBe('Selecteer eerst een datum en tijd');
    expect(planProblem('2026-11-19', '09:00', today)).toBe('Kies een datum vanaf vandaag.');
    expect(planProblem('2026-11-20', '09:00', today)).toBeNull();
  });
});
