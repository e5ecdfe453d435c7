import { useCallback, useMemo } from 'react';
import { ActionError } from './action';
import { useApiQuery } from './useApiData';

const LOADING = { kind: 'loading' } as const;

export type ApiState<T> =
  | { kind: 'loading' }
  | { kind: 'ok'; data: T }
  /** The read failed: the server's message, and its field messages on a 400 ({van: '…'}). */
  | { kind: 'error'; message: string; fields: Record<string, string> };

/**
 * A record under {"data": ...} for a page that shows its state (./useApiData.ts is the quiet
 * variant for a section), from the console's query cache: loading, the record, or the failure
 * with a 400's field messages (a period the server refused), and reload() for a live event. A
 * reload keeps the record on screen until the new one is there; another path (another period) is
 * 'loading' until its own answer. A null path reads nothing (a period that is not complete yet).
 */
export function useApiState<T>(path: string | null, failure: string) {
  const query = useApiQuery<T>(path);
  const { refetch } = query;
  // refetch ignores enabled: with nothing to read, a reload reads nothing either.
  const reload = useCallback(() => {
    if (path !== null) void refetch();
  }, [path, refetch]);
  const { data, error, isError, dataUpdatedAt, errorUpdatedAt } = query;
  // One object per outcome, not per render: pages use the state in their effects' dependencies.
  const state = useMemo((): ApiState<T> => {
    // The newest outcome counts: a reload that failed after a record was shown shows the failure.
    if (data !== undefined && !(isError && dataUpdatedAt < errorUpdatedAt)) return { kind: 'ok', data };
    if (!isError) return LOADING;
    const fields = error instanceof ActionError && error.status === 400 ? error.fields : {};
    return { kind: 'error', message: error instanceof ActionError ? error.message : failure, fields };
  }, [data, error, isError, dataUpdatedAt, errorUpdatedAt, failure]);
  return { state, reload };
}
