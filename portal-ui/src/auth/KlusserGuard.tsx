import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Me, Role } from '@klusmaat/shared-ui/auth/api';
import { AccessCheckView } from './AccessCheckView';
import type { RedirectTarget } from '@klusmaat/shared-ui/auth/guard';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { fetchMeOfflineFirst } from '@klusmaat/shared-ui/auth/offlineMe';
import { AREAS, PATHS, signInPath } from '@klusmaat/shared-ui/auth/roles';
import { useAccessGuard, type AccessGuardDeps } from '@klusmaat/shared-ui/auth/useAccessGuard';

const KLUSSER_ROLES: readonly Role[] = AREAS.klusser.roles;
// The portal opens offline with the klusser the phone remembers (D23); tests bring their own.
const OFFLINE_FIRST: AccessGuardDeps = { fetchMe: fetchMeOfflineFirst };

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
  const state = useAccessGuard(KLUSSER_ROLES, deps ?? OFFLINE_FIRST);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // Only a new state leads somewhere else; the location is read then, not followed.
  const redirect = useEffectEvent((to: RedirectTarget) => {
    const returnTo = `${pathname}${search}`;
    if (to === 'login') navigate(signInPath({ base: PATHS.klusserLogin, returnTo }), { replace: true });
    else if (to === 'second-factor') {
      navigate(signInPath({ base: PATHS.klusserLogin, secondFactor: true, returnTo }), { replace: true });
    }
    else browser.assign(PATHS.noAccess);
  });
  useEffect(() => {
    if (state.status === 'redirect') redirect(state.to);
  }, [state]);

  return (
    <AccessCheckView state={state} loginPath={PATHS.klusserLogin}>
      {state.status === 'allowed' ? children(state.me) : null}
    </AccessCheckView>
  );
}
