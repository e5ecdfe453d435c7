/**
 * Where the work order lives on the phone (D23): the last work order the server sent, per job,
 * and the changes that wait to be sent, in order. IndexedDB keeps both across reloads and a closed
 * app, photos included (as Blobs). Tests use the in-memory store; the browser tests prove the real
 * one.
 */
import type { Werkbon } from './werkbonApi';

interface OpBase {
  /** The client_id the server dedupes by: made on the phone, once per change. */
  id: string;
  /** The order of the changes: they are sent in this order. */
  seq: number;
  klusId: string;
  werkbonId: string;
  /** The phone's time of the change (ISO 8601). */
  at: string;
  /** Made or first tried without a connection: a start or completion then carries the phone's time. */
  offline: boolean;
}

export type Op = OpBase &
  (
    | { kind: 'start' }
    | { kind: 'materiaal'; omschrijving: string; bedragCents: number }
    | { kind: 'verwijder'; itemId: string }
    | { kind: 'notities'; opmerkingen: string }
    | { kind: 'foto'; type: 'before' | 'after'; blob: Blob }
    | {
        kind: 'afronden';
        beoordeling: { algemeen: number; netheid: number; vriendelijkheid: number; vakmanschap: number };
        opmerkingen: string;
        handtekening: string;
      }
  );

export interface OutboxStore {
  /** Every waiting change, oldest first. */
  ops(): Promise<Op[]>;
  put(op: Op): Promise<void>;
  remove(id: string): Promise<void>;
  snapshot(klusId: string): Promise<Werkbon | undefined>;
  saveSnapshot(klusId: string, w: Werkbon): Promise<void>;
}

/** A store in memory (unit tests, and a browser without IndexedDB: nothing survives a reload). */
export function memoryStore(): OutboxStore {
  const ops = new Map<string, Op>();
  const snaps = new Map<string, Werkbon>();
  return {
    ops: () => Promise.resolve([...ops.values()].sort((a, b) => a.seq - b.seq)),
    put: (op) => {
      ops.set(op.id, op);
      return Promise.resolve();
    },
    remove: (id) => {
      ops.delete(id);
      return Promise.resolve();
    },
    snapshot: (klusId) => Promise.resolve(snaps.get(klusId)),
    saveSnapshot: (klusId, w) => {
      snaps.set(klusId, w);
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'klusmaat-werkbon';
const OPS = 'ops';
const SNAPSHOTS = 'snapshots';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

let opened: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore(OPS, { keyPath: 'id' });
      r.result.createObjectStore(SNAPSHOTS);
    };
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB open failed'));
  });
  return opened;
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name);
}

/** The phone's store: IndexedDB. */
export function indexedDbStore(): OutboxStore {
  return {
    ops: async () => {
      const all = await request((await store(OPS, 'readonly')).getAll() as IDBRequest<Op[]>);
      return all.sort((a, b) => a.seq - b.seq);
    },
    put: async (op) => {
      await request((await store(OPS, 'readwrite')).put(op));
    },
    remove: async (id) => {
      await request((await store(OPS, 'readwrite')).delete(id));
    },
    snapshot: async (klusId) => request((await store(SNAPSHOTS, 'readonly')).get(klusId) as IDBRequest<Werkbon | undefined>),
    saveSnapshot: async (klusId, w) => {
      await request((await store(SNAPSHOTS, 'readwrite')).put(w, klusId));
    },
  };
}

/** IndexedDB when the browser has it, else memory. */
export function defaultStore(): OutboxStore {
  return typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();
}
