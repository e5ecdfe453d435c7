// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fitWithin } from './resize';
import { completionProblem } from './AfrondenDialog';
import type { Op } from './outboxStore';
import { billedHours, elapsedSeconds, hhmmss, labourCents, merge, parseEuros } from './view';
import { werkbon } from './testWerkbon';

const base = { klusId: 'k1', werkbonId: 'w1', at: '2026-11-23T09:00:00Z', offline: true };

describe('merge: the waiting changes over the server copy (D23)', () => {
  it('shows a waiting start, materials, removal, notes, photo and completion', () => {
    const ops: Op[] = [
      { ...base, id: 'o1', seq: 1, kind: 'start' },
      { ...base, id: 'o2', seq: 2, kind: 'materiaal', omschrijving: 'Lampkap', bedragCents: 1234 },
      { ...base, id: 'o3', seq: 3, kind: 'verwijder', itemId: 'm1' },
      { ...base, id: 'o4', seq: 4, kind: 'notities', opmerkingen: 'eerste' },
      { ...base, id: 'o5', seq: 5, kind: 'notities', opmerkingen: 'laatste' },
      { ...base, id: 'o6', seq: 6, kind: 'foto', type: 'after', blob: new Blob(['x']) },
      { ...base, id: 'o7', seq: 7, kind: 'afronden', at: '2026-11-23T10:30:00Z', beoordeling: { algemeen: 5, netheid: 5, vriendelijkheid: 5, vakmanschap: 5 }, opmerkingen: '', handtekening: 'data:' },
    ];
    const v = merge(werkbon(), ops, (_b, id) => `blob:${id}`);
    expect(v.startTijd).toBe('2026-11-23T09:00:00Z');
    expect(v.materialen.map((m) => [m.omschrijving, m.wacht])).toEqual([['Lampkap', true]]);
    expect(v.materiaalCents).toBe(1234);
    expect(v.opmerkingen).toBe('laatste');
    expect(v.fotos).toEqual([{ id: 'o6', type: 'after', url: 'blob:o6', wacht: true }]);
    expect(v.afgerond).toBe(true);
    expect(v.afrondingWacht).toBe(true);
    expect(v.waiting).toBe(7);
  });

  it('keeps the server start and does not show a sent material twice', () => {
    const w = werkbon({ start_tijd: '2026-11-23T08:00:00Z' });
    const v = merge(w, [{ ...base, id: 'c1', seq: 1, kind: 'materiaal', omschrijving: 'Plug', bedragCents: 150 }], () => '');
    expect(v.startTijd).toBe('2026-11-23T08:00:00Z');
    expect(v.materialen).toHaveLength(1);
    expect(v.materialen[0]?.wacht).toBe(false);
  });

  it('ignores the changes of other work orders', () => {
    const v = merge(werkbon(), [{ ...base, werkbonId: 'w2', id: 'x', seq: 1, kind: 'start' }], () => '');
    expect(v.startTijd).toBeNull();
    expect(v.waiting).toBe(0);
  });
});

describe('the timer and money', () => {
  it('writes hh:mm:ss and bills the hours started (D7)', () => {
    expect(hhmmss(0)).toBe('00:00:00');
    expect(hhmmss(3725)).toBe('01:02:05');
    expect(hhmmss(36000)).toBe('10:00:00');
    expect(billedHours(59 * 60)).toBe(1);
    expect(billedHours(3600)).toBe(1);
    expect(billedHours(61 * 60)).toBe(2);
    expect(labourCents(1800, 6500)).toBe(3250);
    expect(elapsedSeconds('2026-11-23T09:00:00Z', new Date('2026-11-23T08:59:00Z'))).toBe(0);
    expect(elapsedSeconds('2026-11-23T09:00:00Z', new Date('2026-11-23T09:01:01Z'))).toBe(61);
  });

  it('reads Dutch amounts above 0 with at most two decimals', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('€ 3')).toBe(300);
    expect(parseEuros('0,01')).toBe(1);
    expect(parseEuros('12.5')).toBe(1250);
    for (const bad of ['', '0', '0,00', '-1', 'twaalf', '1,234', '1.000,00']) expect(parseEuros(bad)).toBeUndefined();
  });

  it('resizes photos to at most 1600 pixels, keeping the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('asks for all four ratings, then the signature (section 5)', () => {
    const all = { algemeen: 5, netheid: 4, vriendelijkheid: 3, vakmanschap: 2 };
    expect(completionProblem({ ...all, netheid: 0 }, true)).toBe('Vul alle beoordelingen in');
    expect(completionProblem(all, false)).toBe('Handtekening is verplicht');
    expect(completionProblem(all, true)).toBeNull();
  });
});
