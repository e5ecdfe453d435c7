import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useApiState } from '../api/useApiState';

/** GET /api/v1/planning: one week of the board (D29). */
export type PlanningWeek = ResponseBody<'/api/v1/planning'>['data'];
export type KlusserRij = PlanningWeek['klussers'][number];
export type PlanningItem = KlusserRij['items'][number];
export type OpenKlus = PlanningWeek['pool'][number];

/**
 * The planning path for a week ('' = this week), a region ('' = all the user sees) and a page of
 * its klussers (1 = the first, left out).
 */
export function planningPath(week: string, regio: string, page = 1): string {
  const query = new URLSearchParams();
  if (week !== '') query.set('week', week);
  if (regio !== '') query.set('regio', regio);
  if (page > 1) query.set('pagina', String(page));
  const q = query.toString();
  return q === '' ? '/api/v1/planning' : `/api/v1/planning?${q}`;
}

/**
 * The board of the week at `path` (the answer is the week itself): undefined while it loads after a
 * change of week or region, so that an old week is never shown under a new title; `failed` when
 * the last read of this path failed.
 */
export function usePlanning(path: string) {
  const { state, reload } = useApiState<PlanningWeek>(path, 'Kon de planning niet laden.');
  return { week: state.kind === 'ok' ? state.data : undefined, failed: state.kind === 'error', reload };
}

/** The page of the board in the URL's ?pagina=: a positive whole number, else the first. */
export function pageFromQuery(value: string | null): number {
  const n = value === null || !/^[0-9]+$/.test(value) ? NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
