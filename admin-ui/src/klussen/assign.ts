import type { useAction } from '../api/useAction';
import type { Klus } from './types';

/** useAction('assignKlus').run: the action with the console's toasts, invalidating what it changes. */
type AssignRun = ReturnType<typeof useAction<'assignKlus'>>['run'];

/**
 * Assigns a job directly to a klusser (the server checks the region and availability), as the
 * job dialog and the planning board both do, through the data provider's assignKlus: the server's
 * message as a success toast, or its warning instead, or 'Fout bij toewijzen klusser: <reason>'.
 * Returns the changed job, or null when the action failed.
 */
export async function toewijzen(run: AssignRun, klusId: string, klusserId: string): Promise<Klus | null> {
  const answer = await run({ id: klusId, klusserId });
  return answer === null ? null : answer.data;
}
