// @vitest-environment node
// Node's Blob, which IndexedDB can store (jsdom's cannot be cloned), as a phone's photo is.
import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexedDbStore, type Op } from './outboxStore';
import { werkbon } from './testWerkbon';

let n = 0;
/** Each test its own database, as a fresh phone. */
const freshName = () => `werkbon-test-${++n}`;

const base = { klusId: 'k1', werkbonId: 'w1', at: '2026-11-23T08:00:00.000Z', offline: true };
const op = (id: string, seq: number): Op => ({ ...base, id, seq, kind: 'notities', opmerkingen: `versie ${seq}` });

/** Fails instead of hanging when a promise does not settle (an open that stays blocked). */
function within<T>(p: Promise<T>, ms = 1000): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled in ${ms} ms`)), ms))]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the outbox on IndexedDB', () => {
  it('keeps the changes, photos and work order across a reload, in order', async () => {
    const name = freshName();
    const before = indexedDbStore({ name });
    await before.put(op('b', 2));
    await before.put({ ...base, id: 'a', seq: 1, kind: 'foto', type: 'before', blob: new Blob(['jpeg'], { type: 'image/jpeg' }) });
    await before.put(op('c', 3));
    await before.remove('c');
    await before.saveSnapshot('k1', werkbon({ opmerkingen: 'bewaard' }));

    const after = indexedDbStore({ name }); // the app opened again
    const ops = await after.ops();
    expect(ops.map((o) => o.id)).toEqual(['a', 'b']);
    const photo = ops[0]!;
    expect(photo.kind === 'foto' && (await photo.blob.text())).toBe('jpeg');
    expect((await after.snapshot('k1'))?.opmerkingen).toBe('bewaard');
    expect(await after.snapshot('k2')).toBeUndefined();
  });

  it('opens again after a failed open instead of failing for good', async () => {
    const name = freshName();
    const store = indexedDbStore({ name });
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('storage is off', 'SecurityError');
    });
    await expect(store.ops()).rejects.toThrow('storage is off');
    await store.put(op('a', 1));
    expect((await store.ops()).map((o) => o.id)).toEqual(['a']);

    // An open the database refuses (a newer version is there) is not kept either.
    const other = freshName();
    const newer = await openDB(other, 2);
    newer.close();
    const refused = indexedDbStore({ name: other });
    await expect(refused.ops()).rejects.toThrow();
    await deleteDB(other);
    await refused.put(op('x', 1));
    expect((await refused.ops()).map((o) => o.id)).toEqual(['x']);
  });

  it('lets a newer version of the app in another tab upgrade: this connection closes', async () => {
    const name = freshName();
    const store = indexedDbStore({ name });
    await store.put(op('a', 1));

    const blocked = vi.fn();
    const newer = await within(
      openDB(name, 2, {
        upgrade: (db) => db.createObjectStore('extra'),
        blocked,
      }),
    );
    expect(blocked).not.toHaveBeenCalled();
    expect(newer.version).toBe(2);
    expect((await newer.getAll('ops')).map((o: Op) => o.id)).toEqual(['a']);
    newer.close();
  });
});
