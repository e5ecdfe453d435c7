// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bellLabel, sentAt } from './notifications';

describe('sentAt', () => {
  const now = new Date('2026-11-24T10:00:00Z'); // Tuesday 24 November, 11:00 in Amsterdam

  it('says today and yesterday by the Amsterdam calendar, whatever the machine zone', () => {
    expect(sentAt('2026-11-24T07:15:00Z', now)).toBe('vandaag 08:15');
    // 23:30 UTC on the 23rd is 00:30 on the 24th in Amsterdam: today, not yesterday.
    expect(sentAt('2026-11-23T23:30:00Z', now)).toBe('vandaag 00:30');
    expect(sentAt('2026-11-23T16:02:00Z', now)).toBe('gisteren 17:02');
    expect(sentAt('2026-11-22T22:59:00Z', now)).toBe('22-11-2026 23:59');
  });

  it('counts the day before across the clock change, not 24 hours back', () => {
    // Monday 30 March 2026, 00:30 in Amsterdam (summer time began on Sunday the 29th at 02:00).
    const monday = new Date('2026-03-29T22:30:00Z');
    expect(sentAt('2026-03-28T23:30:00Z', monday)).toBe('gisteren 00:30'); // Sunday 00:30, winter time
    expect(sentAt('2026-03-28T22:30:00Z', monday)).toBe('28-03-2026 23:30');
  });

  it('names the bell with its count', () => {
    expect(bellLabel(0)).toBe('Meldingen, geen ongelezen');
    expect(bellLabel(3)).toBe('Meldingen, 3 ongelezen');
  });
});
