import type { useNotify } from 'react-admin';
import { ActionError, callApi } from '../api/action';
import type { Klus } from './types';

type Notify = ReturnType<typeof useNotify>;

/** The assignment actions of a job (document 001 section 4): POST /api/v1/klussen/{id}/{actie}. */
export type KlusActie = 'assign' | 'pool' | 'unassign';

/** The toast of a failed assignment, before the server's reason. */
export const FOUT_TOEWIJZEN = 'Fout bij toewijzen klusser';

/**
 * Runs an assignment action of a job and says how it went, as the job dialog and the planning
 * board both do: the server's message as a success toast, or its warning instead (the job is in
 * the pool, but nobody was told), or `fout: <reason>` as an error toast. Returns the changed job,
 * or null when the action failed.
 */
export async function klusActie(notify: Notify, klusId: string, actie: KlusActie, body: unknown, fout: string): Promise<Klus | null> {
  try {
    const answer = await callApi<Klus>(`/api/v1/klussen/${klusId}/${actie}`, { method: 'POST', body }, fout);
    // The warning replaces the success message: the job is in the pool, but nobody was told.
    if (answer.waarschuwing) notify(answer.waarschuwing, { type: 'warning', autoHideDuration: 10_000 });
    else notify(answer.message, { type: 'success' });
    return answer.data;
  } catch (e) {
    notify(e instanceof ActionError ? `${fout}: ${e.message}` : fout, { type: 'error' });
    return null;
  }
}

/** Assigns a job directly to a klusser (the server checks the region and availability). */
export function toewijzen(notify: Notify, klusId: string, klusserId: string): Promise<Klus | null> {
  return klusActie(notify, klusId, 'assign', { klusser_id: klusserId }, FOUT_TOEWIJZEN);
}
