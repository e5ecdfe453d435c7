import { useCallback, useEffect, useState } from 'react';
import { ActionError, callApi } from './action';

const LOADING = { kind: 'loading' } as const;

export type BodyLoad<T> =
  | { kind: 'loading' }
  | { kind: 'ok'; data: T }
  /** The read failed: the server's message, and its field messages on a 400 ({van: '…'}). */
  | { kind: 'error'; message: string; fields: Record<string, string> };

/**
 * An answer that is the body itself ({"weken": [...]}, the planning week), not {"data": ...},
 * which useApiData (./useApiData.ts) reads: the state, and reload() for a live event. A reload keeps the figures on screen until the new ones are
 * there; another path (another period) is 'loading' until its own answer. A null path reads
 * nothing (a period that is not complete yet). The read is aborted when the path changes or the
 * section goes away.
 */
export function useApiBody<T>(path: string | null, failure: string) {
  const [answer, setAnswer] = useState<{ path: string; state: BodyLoad<T> } | null>(null);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (path === null) return;
      try {
        const a = await callApi<never>(path, { signal }, failure);
        setAnswer({ path, state: { kind: 'ok', data: a.extra as T } });
      } catch (e) {
        if (signal?.aborted) return;
        const fields = e instanceof ActionError && e.status === 400 ? e.fields : {};
        setAnswer({ path, state: { kind: 'error', message: e instanceof ActionError ? e.message : failure, fields } });
      }
    },
    [path, failure],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  const reload = useCallback(() => void load(), [load]);
  const state: BodyLoad<T> = answer !== null && answer.path === path ? answer.state : LOADING;
  return { state, reload };
}
