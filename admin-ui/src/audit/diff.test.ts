// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionLabel, auditDiff } from './diff';

describe('auditDiff', () => {
  it('shows only what changed, in key order', () => {
    expect(auditDiff({ status: 'open', regio: 'den-haag', klusser_id: null }, { status: 'ingepland', regio: 'den-haag', klusser_id: 'k1' })).toEqual([
      'klusser_id: — → k1',
      'status: open → ingepland',
    ]);
  });
  it('handles a creation and a deletion', () => {
    expect(auditDiff(null, { geschat_tarief_cents: 6500 })).toEqual(['geschat_tarief_cents: — → 6500']);
    expect(auditDiff({ status: 'open' }, null)).toEqual(['status: open → —']);
  });
  it('names actions in Dutch and leaves unknown ones as they are', () => {
    expect(actionLabel('assign')).toBe('Toegewezen');
    expect(actionLabel('iets_nieuws')).toBe('iets_nieuws');
  });
});
