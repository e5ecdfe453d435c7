// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as withDateFns from '../../lib/pickableDays';
import { isSelectable, parseIsoDate } from './days';

const iso = (d: Date) =>
  `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe("the wizard's own day checks", () => {
  it('read "yyyy-MM-dd" as lib/pickableDays does', () => {
    const inputs = ['2025-11-19', '2024-02-29', '2025-02-29', '2025-02-30', '2025-13-01', '2025-00-10', '2025-11-00', '2025-11-31',
      '0099-01-01', '9999-12-31', '2025-11', '20251119', '2025-11-19T10:00', ' 2025-11-19', '', 'morgen'];
    for (const s of inputs) {
      expect(parseIsoDate(s)?.getTime() ?? null, s).toBe(withDateFns.parseIsoDate(s)?.getTime() ?? null);
    }
  });

  it('take the days lib/pickableDays takes, from today to a year ahead, leap days included', () => {
    for (const today of ['2025-11-19', '2024-02-29', '2023-02-28', '2025-12-31', '2026-03-29', '2026-10-25']) {
      const t = parseIsoDate(today)!;
      for (let offset = -3; offset <= 370; offset++) {
        const d = new Date(t.getFullYear(), t.getMonth(), t.getDate() + offset);
        expect(isSelectable(d, t), `${iso(d)} from ${today}`).toBe(withDateFns.isSelectable(d, t));
      }
    }
    // The last day: from 29 February 2024 the server takes 1 March 2025 (Go's AddDate).
    expect(isSelectable(parseIsoDate('2025-03-01')!, parseIsoDate('2024-02-29')!)).toBe(true);
    expect(isSelectable(parseIsoDate('2025-03-02')!, parseIsoDate('2024-02-29')!)).toBe(false);
  });
});
