import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseBody } from '@shared-api-types';
import { callApi } from '../api/action';

/** GET /api/v1/planning: one week of the board (D29). */
export type PlanningWeek = ResponseBody<'/api/v1/planning'>;
export type KlusserRij = PlanningWeek['klussers'][number];
export type PlanningItem = KlusserRij['items'][number];
export type OpenKlus = PlanningWeek['pool'][number];

/** The planning path for a week ('' = this week) and a region ('' = all the user sees). */
export function planningPath(week: string, regio: string): string {
  const query = new URLSearchParams();
  if (week !== '') query.set('week', week);
  if (regio !== '') query.set('regio', regio);
  const q = query.toString();
  return q === '' ? '/api/v1/planning' : `/api/v1/planning?${q}`;
}

function isWeek(value: unknown): value is PlanningWeek {
  const w = value as Partial<PlanningWeek> | null;
  return w !== null && typeof w === 'object' && Array.isArray(w.dagen) && Array.isArray(w.klussers) && Array.isArray(w.schouwen) && Array.isArray(w.pool);
}

/**
 * The board of the week at `path`, like useApiData (src/api/useApiData.ts) but for an answer that
 * is the week itself rather than {"data": ...}: useApiData reads only `data`. `week` is the answer
 * for this very path (undefined while it loads after a change of week or region, so that an old
 * week is never shown under a new title), `failed` whether the last read of this path failed. A
 * late answer for a path that is no longer asked is dropped.
 */
export function usePlanning(path: string) {
  const [state, setState] = useState<{ path: string; week: PlanningWeek } | undefined>(undefined);
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const current = useRef(path);
  current.current = path;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        // The week is the answer's top level; callApi hands what is not data/message over as extra.
        const answer = await callApi<never>(path, { signal });
        if (current.current !== path) return;
        if (!isWeek(answer.extra)) throw new Error('planning: unexpected answer');
        setState({ path, week: answer.extra });
        setFailedPath(null);
      } catch {
        if (!signal?.aborted && current.current === path) setFailedPath(path);
      }
    },
    [path],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return {
    week: state?.path === path ? state.week : undefined,
    failed: failedPath === path,
    reload: useCallback(() => void load(), [load]),
  };
}
