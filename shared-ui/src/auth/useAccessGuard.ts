/**
 * React face of the access check (guard.ts): runs it once per mount and returns its state.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { useEffect, useState } from 'react';
import { fetchMe, type MeResult, type Role } from './api';
import { startAccessCheck, type GuardState, type GuardTimers, type GuardTiming } from './guard';

export interface AccessGuardDeps {
  fetchMe?: (signal: AbortSignal) => Promise<MeResult>;
  timers?: GuardTimers;
  timing?: Partial<GuardTiming>;
}

const defaultFetchMe = (signal: AbortSignal) => fetchMe(undefined, signal);

export function useAccessGuard(allowedRoles: readonly Role[], deps: AccessGuardDeps = {}): GuardState {
  const [state, setState] = useState<GuardState>({ status: 'checking' });
  const rolesKey = allowedRoles.join(',');
  const { fetchMe: fetchMeDep = defaultFetchMe, timers, timing } = deps;

  useEffect(() => {
    setState({ status: 'checking' });
    return startAccessCheck({
      allowedRoles: rolesKey.split(',') as Role[],
      fetchMe: fetchMeDep,
      onChange: setState,
      ...(timers === undefined ? {} : { timers }),
      ...(timing === undefined ? {} : { timing }),
    });
    // One check per mount and per set of roles; the dependencies are stable in practice.
  }, [rolesKey, fetchMeDep, timers, timing]);

  return state;
}
