// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date('2026-11-23T10:00:00Z');

describe('relativeTime', () => {
  it('speaks Dutch, from seconds to years', () => {
    expect(relativeTime('2026-11-23T09:59:30Z', now)).toBe('zojuist');
    expect(relativeTime('2026-11-23T09:57:00Z', now)).toBe('3 minuten geleden');
    expect(relativeTime('2026-11-23T08:00:00Z', now)).toBe('2 uur geleden');
    expect(relativeTime('2026-11-22T09:00:00Z', now)).toBe('gisteren');
    expect(relativeTime('2026-11-20T10:00:00Z', now)).toBe('3 dagen geleden');
    expect(relativeTime('2026-11-09T10:00:00Z', now)).toBe('2 weken geleden');
    expect(relativeTime('2025-10-01T10:00:00Z', now)).toBe('vorig jaar');
  });

  it('says nothing for a value that is not a time', () => {
    expect(relativeTime('', now)).toBe('');
    expect(relativeTime('morgen', now)).toBe('');
  });
});
