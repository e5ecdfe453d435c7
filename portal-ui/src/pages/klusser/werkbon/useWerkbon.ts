/**
 * The work order screen's state (D23): the phone's copy first (so the page opens without a
 * network), then the server's; every change goes through the outbox, which sends it now or when
 * the connection returns. Toasts say what happened in the spec's words.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { Outbox, type FlushResult, type NewOp } from './outbox';
import { defaultStore, type OutboxStore } from './outboxStore';
import { WT } from './texts';
import { merge, type WerkbonView } from './view';
import { werkbonApi, type Werkbon } from './werkbonApi';

/**
 * The work order's toasts are one flow: each replaces the one before it ('Timer gestart' takes the
 * place of 'Werkbon aangemaakt'), so that they never pile up over the timer and the buttons.
 */
export const WERKBON_FLOW = { flow: 'werkbon' } as const;
const FLOW = WERKBON_FLOW;

export type WerkbonState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; view: WerkbonView; online: boolean; sending: boolean };

let shared: { store: OutboxStore; outbox: Outbox } | undefined;

/** One outbox for the app: every work order's changes are sent in one order. */
export function sharedOutbox(): { store: OutboxStore; outbox: Outbox } {
  if (shared === undefined) {
    // Only after an update of the app, while an older one is still open elsewhere: its outbox
    // keeps the database until it closes, and the work order waits for it.
    const store = defaultStore({ onBlocked: () => showToast(WT.otherWindowOpen, 'info', FLOW) });
    shared = { store, outbox: new Outbox({ store }) };
  }
  return shared;
}

/** For tests: a fresh outbox on store. */
export function setOutboxForTests(store: OutboxStore, outbox: Outbox): void {
  shared = { store, outbox };
}

const photoUrls = new Map<string, string>();
function urlFor(blob: Blob, id: string): string {
  let url = photoUrls.get(id);
  if (url === undefined) {
    url = URL.createObjectURL(blob);
    photoUrls.set(id, url);
  }
  return url;
}

/**
 * What to say of a change the server refused: its own Dutch reason for a refusal (4xx), else the
 * spec's words for the change (section 8).
 */
function refusal({ kind, status, message }: FlushResult['refused'][number]): string {
  if (status < 500 && message !== undefined && message !== '') return message;
  switch (kind) {
    case 'start':
      return WT.timerStartFailed;
    case 'materiaal':
      return WT.materialAddFailed;
    case 'verwijder':
      return WT.materialRemoveFailed;
    case 'foto':
      return WT.photoFailed;
    case 'afronden':
      return WT.completeFailed;
    case 'notities':
      return WT.notesFailed;
    default:
      return WT.workOrderFailed;
  }
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export function useWerkbon(klusId: string) {
  const { store, outbox } = sharedOutbox();
  const [state, setState] = useState<WerkbonState>({ status: 'loading' });
  const base = useRef<Werkbon | undefined>(undefined);
  const mounted = useRef(true);

  /** Re-reads the phone's copy and the waiting changes into the view. */
  const refresh = useCallback(
    async (sending = false) => {
      const snapshot = (await store.snapshot(klusId)) ?? base.current;
      if (!mounted.current || snapshot === undefined) return;
      base.current = snapshot;
      const ops = await outbox.pending(klusId);
      if (!mounted.current) return;
      setState({ status: 'ready', view: merge(snapshot, ops, urlFor), online: online(), sending });
    },
    [store, outbox, klusId],
  );

  /** Sends what waits; reports changes the server refused for good, in its words. */
  const flush = useCallback(async (): Promise<FlushResult | undefined> => {
    if (!online()) {
      await refresh();
      return undefined;
    }
    await refresh(true);
    const result = await outbox.flush();
    for (const r of result.refused) showToast(refusal(r), 'error', FLOW);
    await refresh();
    return result;
  }, [outbox, refresh]);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    void (async () => {
      const snapshot = await store.snapshot(klusId);
      if (cancelled) return;
      if (snapshot !== undefined) {
        base.current = snapshot;
        await refresh();
      }
      // The server's copy, when there is a connection; it also creates a missing work order.
      const answer = online() ? await werkbonApi.open(klusId) : ({ kind: 'network' } as const);
      if (cancelled) return;
      if (answer.kind === 'ok') {
        if (snapshot === undefined && answer.body.start_tijd === null && answer.body.materialen.length === 0) {
          showToast(WT.workOrderCreated, 'success', FLOW);
        }
        await store.saveSnapshot(klusId, answer.body);
        base.current = answer.body;
        await flush();
      } else if (snapshot === undefined) {
        const message =
          answer.kind === 'network'
            ? WT.noConnectionFirst
            : answer.status === 404
              ? WT.jobNotFound
              : answer.status === 409
                ? (answer.message ?? WT.notPlanned)
                : WT.workOrderFailed;
        setState({ status: 'failed', message });
      }
    })();
    const onOnline = () => void flush();
    const onOffline = () => void refresh();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      cancelled = true;
      mounted.current = false;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [klusId, store, refresh, flush]);

  /**
   * Adds a change for this work order, shows it, and tries to send it. Its toast says it happened
   * once the server took it, or once it waits on the phone for a network; a change the server
   * refused gets the refusal instead ('Timer gestart' is never followed by 'could not start').
   */
  const change = useCallback(
    async (op: NewOp, toast?: string) => {
      const added = await outbox.add(op);
      await refresh();
      const result = await flush();
      const refused = result?.refused.some((r) => r.id === added.id) ?? false;
      if (toast !== undefined && !refused) showToast(toast, 'success', FLOW);
    },
    [outbox, refresh, flush],
  );

  const ids = () => {
    const w = base.current;
    if (w === undefined) throw new Error('work order not loaded');
    return { id: crypto.randomUUID(), klusId, werkbonId: w.id };
  };

  return {
    state,
    start: () => change({ ...ids(), kind: 'start' }, WT.timerStarted),
    addMateriaal: (omschrijving: string, bedragCents: number) =>
      change({ ...ids(), kind: 'materiaal', omschrijving, bedragCents }, WT.materialAdded),
    removeMateriaal: async (itemId: string, waiting: boolean) => {
      if (waiting) {
        // Never sent: take it off the queue instead of asking the server to remove it.
        await outbox.drop(itemId);
        await refresh();
        showToast(WT.materialRemoved, 'success', FLOW);
        return;
      }
      await change({ ...ids(), kind: 'verwijder', itemId }, WT.materialRemoved);
    },
    setNotities: async (opmerkingen: string) => {
      // Only the latest notes matter: a waiting older version is replaced.
      for (const op of await outbox.pending(klusId)) {
        if (op.kind === 'notities') await outbox.drop(op.id);
      }
      await change({ ...ids(), kind: 'notities', opmerkingen });
    },
    addFoto: (type: 'before' | 'after', blob: Blob) => change({ ...ids(), kind: 'foto', type, blob }, WT.photoUploaded),
    afronden: (beoordeling: { algemeen: number; netheid: number; vriendelijkheid: number; vakmanschap: number }, opmerkingen: string, handtekening: string) =>
      change({ ...ids(), kind: 'afronden', beoordeling, opmerkingen, handtekening }, WT.completed),
    retry: async () => {
      await flush();
    },
  };
}
