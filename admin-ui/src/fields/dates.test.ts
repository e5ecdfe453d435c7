// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ddMMyyyy, momentNl } from './dates';

describe('dates for people', () => {
  it('turns a business date around and leaves other text alone', () => {
    expect(ddMMyyyy('2026-11-26')).toBe('26-11-2026');
    expect(ddMMyyyy('morgen')).toBe('morgen');
  });
  it('shows a moment in Amsterdam time, whatever the machine zone', () => {
    expect(momentNl('2026-11-26T09:00:00Z')).toBe('26 nov 2026, 10:00');
    expect(momentNl('2026-07-01T09:00:00Z')).toBe('1 jul 2026, 11:00');
    expect(momentNl(null)).toBe('—');
  });
});
