/**
 * Where the work order lives on the phone (D23): the last work order the server sent, per job,
 * and the changes that wait to be sent, in order. IndexedDB keeps both across reloads and a closed
 * app, photos included (as Blobs). Page tests use the in-memory store; outboxStore.test.ts runs the
 * IndexedDB one on fake-indexeddb, and the browser tests prove it in a real browser.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
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
const DB_VERSION = 1;

interface WerkbonDB extends DBSchema {
  ops: { key: string; value: Op };
  snapshots: { key: string; value: Werkbon };
}

export interface IndexedDbOptions {
  /** The database's name; tests give each test its own. */
  name?: string;
  /**
   * Another tab or window holds the database at an older version, so this one cannot upgrade it
   * yet. The open waits and goes on by itself once that tab closes or lets go; this tells the user.
   */
  onBlocked?: () => void;
}

/**
 * The phone's store: IndexedDB, through idb. One connection per store, opened on first use. A
 * failed or lost connection is forgotten, so that the next call opens again instead of failing
 * for good; a newer version of the app in another tab gets the database (this connection closes).
 */
export function indexedDbStore({ name = DB_NAME, onBlocked }: IndexedDbOptions = {}): OutboxStore {
  let connection: Promise<IDBPDatabase<WerkbonDB>> | undefined;

  const forget = (attempt: Promise<IDBPDatabase<WerkbonDB>>) => {
    if (connection === attempt) connection = undefined;
  };

  const db = (): Promise<IDBPDatabase<WerkbonDB>> => {
    if (connection !== undefined) return connection;
    // Async, so that an open that throws at once (storage switched off) rejects like any other.
    const attempt: Promise<IDBPDatabase<WerkbonDB>> = (async () =>
      openDB<WerkbonDB>(name, DB_VERSION, {
        upgrade(database) {
          database.createObjectStore('ops', { keyPath: 'id' });
          database.createObjectStore('snapshots');
        },
        blocked: () => onBlocked?.(),
        // A newer version (or a delete) waits for this connection: let go of it at once (not a
        // microtask later, when a call may already be using it); a later call opens again.
        blocking: (_current, _blocked, event) => {
          forget(attempt);
          (event.target as IDBDatabase).close();
        },
        // The browser closed it (storage cleared, disk trouble): open again on the next call.
        terminated: () => forget(attempt),
      }))();
    connection = attempt;
    attempt.catch(() => forget(attempt));
    return attempt;
  };

  return {
    ops: async () => {
      const all = await (await db()).getAll('ops');
      return all.sort((a, b) => a.seq - b.seq);
    },
    put: async (op) => {
      await (await db()).put('ops', op);
    },
    remove: async (id) => {
      await (await db()).delete('ops', id);
    },
    snapshot: async (klusId) => (await db()).get('snapshots', klusId),
    saveSnapshot: async (klusId, w) => {
      await (await db()).put('snapshots', w, klusId);
    },
  };
}

/** IndexedDB when the browser has it, else memory. */
export function defaultStore(options: IndexedDbOptions = {}): OutboxStore {
  return typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(options);
}
