import { useEffect, useRef } from 'react';
import { record } from './auth/api';
/** The live stream of job changes (services/platform/events): the server sends only what the actor may see. */
export const EVENTS_PATH = '/api/v1/events';

/** One change of a job on the live stream (GET /api/v1/events, event type "klus"). */
export interface KlusEvent {
  id: number;
  klus_id: string;
  op: string;
  regio: string;
  status: string;
  assignment_type: string | null;
  klusser_id: string | null;
  occurred_at: string;
}

/** Parses the data of a "klus" event; null for anything else. */
export function parseKlusEvent(data: unknown): KlusEvent | null {
  let value: unknown;
  try {
    value = typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    return null;
  }
  const e = record(value);
  if (e === undefined || typeof e['klus_id'] !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: typeof e['id'] === 'number' ? e['id'] : 0,
    klus_id: e['klus_id'],
    op: str(e['op']) ?? '',
    regio: str(e['regio']) ?? '',
    status: str(e['status']) ?? '',
    assignment_type: str(e['assignment_type']),
    klusser_id: str(e['klusser_id']),
    occurred_at: str(e['occurred_at']) ?? '',
  };
}

/** Events of one moment arrive together (a claim is an UPDATE and maybe more); one refetch is enough. */
export const COALESCE_MS = 250;

/**
 * Listens on the live stream for the named event types, each with a test of its message, and calls
 * onChange once for a burst of accepted events (COALESCE_MS), and once more after each reconnect
 * (the server replays what was missed, but a refetch costs little and also covers a replay that was
 * cut short). Answers the function that stops listening; without EventSource (old browsers, tests)
 * nothing is heard.
 */
export function listenForChanges(events: Readonly<Record<string, (message: MessageEvent) => boolean>>, onChange: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(EVENTS_PATH);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, COALESCE_MS);
  };
  const listeners = Object.entries(events).map(([type, accept]) => {
    const listener = (message: Event) => {
      if (accept(message as MessageEvent)) changed();
    };
    source.addEventListener(type, listener);
    return [type, listener] as const;
  });
  let openedBefore = false;
  const onOpen = () => {
    if (openedBefore) changed();
    openedBefore = true;
  };
  source.addEventListener('open', onOpen);
  return () => {
    clearTimeout(timer);
    for (const [type, listener] of listeners) source.removeEventListener(type, listener);
    source.removeEventListener('open', onOpen);
    source.close();
  };
}

/**
 * Calls onChange when jobs that `concerns` accepts change on the server, and once more after the
 * stream reconnects (listenForChanges). The server only streams what the klusser may see: pool
 * jobs of its regions and its own jobs. Without EventSource the screen shows what it loaded.
 */
export function useKlusEvents(concerns: (event: KlusEvent) => boolean, onChange: () => void): void {
  const concernsRef = useRef(concerns);
  concernsRef.current = concerns;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(
    () =>
      listenForChanges(
        {
          klus: (message) => {
            const event = parseKlusEvent(message.data);
            return event !== null && concernsRef.current(event);
          },
        },
        () => onChangeRef.current(),
      ),
    [],
  );
}
