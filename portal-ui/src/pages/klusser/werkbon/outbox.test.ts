// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { Result } from '../api';
import { Outbox } from './outbox';
import { memoryStore } from './outboxStore';
import type { Werkbon } from './werkbonApi';
import { werkbon } from './testWerkbon';

type Reply = Result<unknown>;

function fakeApi(replies: Reply[]) {
  const calls: { name: string; args: unknown[] }[] = [];
  const next = (name: string) => (...args: unknown[]) => {
    calls.push({ name, args });
    return Promise.resolve(replies.shift() ?? { kind: 'ok', body: werkbon() });
  };
  return {
    calls,
    api: {
      start: next('start'),
      addMateriaal: next('addMateriaal'),
      removeMateriaal: next('removeMateriaal'),
      notities: next('notities'),
      foto: next('foto'),
      afronden: next('afronden'),
    } as never,
  };
}

const ids = { klusId: 'k1', werkbonId: 'w1' };

describe('the outbox (D23)', () => {
  it('sends in order and keeps the server copy', async () => {
    const store = memoryStore();
    const server: Werkbon = werkbon({ opmerkingen: 'van de server' });
    const { api, calls } = fakeApi([{ kind: 'ok', body: werkbon() }, { kind: 'ok', body: server }]);
    const box = new Outbox({ store, api, online: () => true });
    await box.add({ ...ids, id: 'a', kind: 'start' });
    await box.add({ ...ids, id: 'b', kind: 'notities', opmerkingen: 'x' });
    const r = await box.flush();
    expect(r).toEqual({ sent: 2, waiting: 0, stalled: false, refused: [] });
    expect(calls.map((c) => c.name)).toEqual(['start', 'notities']);
    expect((await store.snapshot('k1'))?.opmerkingen).toBe('van de server');
    expect(await box.pending()).toEqual([]);
  });

  it('keeps everything when the connection is gone, and sends the phone time afterwards', async () => {
    const store = memoryStore();
    const { api, calls } = fakeApi([{ kind: 'network' }]);
    const box = new Outbox({ store, api, online: () => true, now: () => new Date('2026-11-23T09:15:00Z') });
    await box.add({ ...ids, id: 'a', kind: 'start' });
    await box.add({ ...ids, id: 'b', kind: 'materiaal', omschrijving: 'Plug', bedragCents: 100 });
    const first = await box.flush();
    expect(first).toMatchObject({ sent: 0, waiting: 2, stalled: true });
    expect(calls).toHaveLength(1); // stopped at the first: order is kept
    expect(calls[0]?.args).toEqual(['w1', 'a', undefined]); // first try: online, no phone time
    const second = await box.flush();
    expect(second).toMatchObject({ sent: 2, waiting: 0 });
    // The retry carries the same id (the server dedupes) and now the phone's time.
    expect(calls[1]?.args).toEqual(['w1', 'a', '2026-11-23T09:15:00.000Z']);
    expect(calls[2]?.args).toEqual(['w1', 'b', 'Plug', 100]);
  });

  it('marks a change made offline, so its time is the phone time from the start', async () => {
    const { api, calls } = fakeApi([]);
    const box = new Outbox({ store: memoryStore(), api, online: () => false, now: () => new Date('2026-11-23T10:00:00Z') });
    await box.add({ ...ids, id: 'f', kind: 'afronden', beoordeling: { algemeen: 5, netheid: 5, vriendelijkheid: 5, vakmanschap: 5 }, opmerkingen: '', handtekening: 'data:image/png;base64,x' });
    await box.flush();
    expect(calls[0]?.args[1]).toMatchObject({ client_id: 'f', telefoon_tijd: '2026-11-23T10:00:00.000Z' });
  });

  it('drops a change the server refuses for good and goes on; waits when a gateway cannot reach the server', async () => {
    const { api, calls } = fakeApi([
      { kind: 'failed', status: 409, message: 'Deze werkbon is afgesloten', fields: {} },
      { kind: 'failed', status: 503, fields: {} },
    ]);
    const box = new Outbox({ store: memoryStore(), api, online: () => true });
    await box.add({ ...ids, id: 'a', kind: 'materiaal', omschrijving: 'x', bedragCents: 1 });
    await box.add({ ...ids, id: 'b', kind: 'notities', opmerkingen: 'y' });
    const r = await box.flush();
    expect(r.refused).toEqual([{ id: 'a', kind: 'materiaal', status: 409, message: 'Deze werkbon is afgesloten' }]);
    expect(r).toMatchObject({ sent: 0, waiting: 1, stalled: true });
    expect((await box.pending()).map((o) => o.id)).toEqual(['b']);
    expect(calls).toHaveLength(2);
  });

  it('reports a server error (500) at once instead of waiting as if the phone were offline (issue 39)', async () => {
    const store = memoryStore();
    const { api, calls } = fakeApi([{ kind: 'failed', status: 500, message: 'Er ging iets mis.', fields: {} }]);
    const box = new Outbox({ store, api, online: () => true });
    await box.add({ ...ids, id: 'a', kind: 'start' });
    const r = await box.flush();
    expect(r).toEqual({ sent: 0, waiting: 0, stalled: false, refused: [{ id: 'a', kind: 'start', status: 500, message: 'Er ging iets mis.' }] });
    expect(await box.pending()).toEqual([]);
    // Nothing is resent later: the start is not on the phone as if it waited for a network.
    await box.flush();
    expect(calls).toHaveLength(1);
    expect((await store.ops())[0]).toBeUndefined();
  });

  it('runs one flush at a time', async () => {
    const { api, calls } = fakeApi([]);
    const box = new Outbox({ store: memoryStore(), api, online: () => true });
    await box.add({ ...ids, id: 'a', kind: 'start' });
    const spy = vi.fn();
    await Promise.all([box.flush().then(spy), box.flush().then(spy)]);
    expect(calls).toHaveLength(1);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
