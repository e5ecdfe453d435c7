import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Me, Role } from './api';
import { AccessCheckView } from './AccessCheckView';
import { browser } from './browser';
import { AREAS, PATHS, signInPath } from './roles';
import { useAccessGuard, type AccessGuardDeps } from './useAccessGuard';

const KLUSSER_ROLES: readonly Role[] = AREAS.klusser.roles;

interface KlusserGuardProps {
  children: (me: Me) => ReactNode;
  /** For tests: a replacement for GET /api/v1/me and the timers. */
  deps?: AccessGuardDeps;
}

/**
 * Guards the klusser portal (/klusser/...): only the role klusser. No session: to /auth (and back
 * here afterwards); second factor missing: to its step on /auth; another role: to the console's
 * no-access page (a full page load, it is the other app).
 */
export function KlusserGuard({ children, deps }: KlusserGuardProps) {
  const state = useAccessGuard(KLUSSER_ROLES, deps);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (state.status !== 'redirect') return;
    const returnTo = `${pathname}${search}`;
    if (state.to === 'login') navigate(signInPath({ base: PATHS.klusserLogin, returnTo }), { replace: true });
    else if (state.to === 'second-factor') {
      navigate(signInPath({ base: PATHS.klusserLogin, secondFactor: true, returnTo }), { replace: true });
    }
    else browser.assign(PATHS.noAccess);
    // Only a new state leads somewhere else.
  }, [state]);

  return (
    <AccessCheckView state={state} loginPath={PATHS.klusserLogin}>
      {state.status === 'allowed' ? children(state.me) : null}
    </AccessCheckView>
  );
}
