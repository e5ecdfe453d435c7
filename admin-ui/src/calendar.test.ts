// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currentYearNL, formatNL, todayNL } from '@klusmaat/shared-ui/calendar';

// The console uses the portal's calendar module: business dates are Dutch dates in both apps.
describe('the console calendar', () => {
  it('is the Dutch calendar, whatever the machine zone', () => {
    const newYearsNight = Date.parse('2026-12-31T23:30:00Z'); // 00:30 on 1 January in the Netherlands
    expect(currentYearNL(newYearsNight)).toBe(2027);
    expect(todayNL(newYearsNight).getDate()).toBe(1);
    expect(formatNL(newYearsNight, 'd MMMM yyyy HH:mm')).toBe('1 januari 2027 00:30');
  });
});
