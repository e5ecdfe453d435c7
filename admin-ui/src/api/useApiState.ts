import { useCallback, useEffect, useState } from 'react';
import { ActionError, callApi } from './action';

const LOADING = { kind: 'loading' } as const;

export type ApiState<T> =
  | { kind: 'loading' }
  | { kind: 'ok'; data: T }
  /** The read failed: the server's message, and its field messages on a 400 ({van: '…'}). */
  | { kind: 'error'; message: string; fields: Record<string, string> };

/**
 * A record under {"data": ...} for a page that shows its state (./useApiData.ts is the quiet
 * variant for a section): loading, the record, or the failure with a 400's field messages (a
 * period the server refused), and reload() for a live event. A reload keeps the record on screen
 * until the new one is there; another path (another period) is 'loading' until its own answer. A null path reads
 * nothing (a period that is not complete yet). The read is aborted when the path changes or the
 * section goes away.
 */
export function useApiState<T>(path: string | null, failure: string) {
  const [answer, setAnswer] = useState<{ path: string; state: ApiState<T> } | null>(null);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (path === null) return;
      try {
        const a = await callApi<T>(path, { signal }, failure);
        setAnswer({ path, state: { kind: 'ok', data: a.data } });
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
  const state: ApiState<T> = answer !== null && answer.path === path ? answer.state : LOADING;
  return { state, reload };
}
