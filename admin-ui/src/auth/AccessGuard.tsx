import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Box, Button, CircularProgress, CssBaseline, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import type { GuardState, RedirectTarget } from '@klusmaat/shared-ui/auth/guard';
import { AREAS, PATHS, signInPath } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { useAccessGuard, type AccessGuardDeps } from '@klusmaat/shared-ui/auth/useAccessGuard';
import { StandalonePage } from './StandalonePage';

export type ConsoleArea = keyof Pick<typeof AREAS, 'admin' | 'franchise'>;

/** Where each redirect state leads; returnTo = the refused path (not yet encoded). */
export function redirectPath(target: RedirectTarget, returnTo: string): string {
  switch (target) {
    case 'login':
      return signInPath({ returnTo });
    case 'second-factor':
      return signInPath({ secondFactor: true, returnTo });
    case 'no-access':
      return `${PATHS.noAccess}?return_to=${encodeURIComponent(returnTo)}`;
  }
}

/** The error screen: 'Fout bij toegangscontrole' with 'Opnieuw proberen' and 'Terug naar login'. */
function AccessError({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <StandalonePage title={TEXTS.accessErrorHeading}>
      <Typography ref={heading} tabIndex={-1} component="h1" variant="h4" sx={{ fontWeight: 800, outline: 'none' }}>
        {TEXTS.accessErrorHeading}
      </Typography>
      <Typography role="alert">{message}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <Button variant="contained" onClick={() => browser.reload()}>
          {TEXTS.retry}
        </Button>
        <Button variant="outlined" component={RouterLink} to={PATHS.consoleLogin}>
          {TEXTS.backToLogin}
        </Button>
      </Stack>
    </StandalonePage>
  );
}

function Checking() {
  return (
    <>
      <CssBaseline />
      <Box
        component="main"
        role="status"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
      >
        <CircularProgress aria-hidden="true" />
        <Typography sx={{ fontSize: '1.15rem' }}>{TEXTS.checkingAccess}</Typography>
      </Box>
    </>
  );
}

/** What the guard shows in each state (without the redirects themselves). */
function ConsoleAccessView({ state, children }: { state: GuardState; children: ReactNode }) {
  if (state.status === 'allowed') return <>{children}</>;
  if (state.status === 'error') return <AccessError message={state.message} />;
  return <Checking />;
}

interface AccessGuardProps {
  area: ConsoleArea;
  children: ReactNode;
  /** For tests: a replacement for GET /api/v1/me and the timers. */
  deps?: AccessGuardDeps;
}

/**
 * Guards a console area (spec sections 4 and 6): /admin/* allows admin and franchise,
 * /franchise/* only franchise. The check itself is @klusmaat/shared-ui/auth/guard (through useAccessGuard);
 * this component shows its states and performs its redirects.
 */
export function AccessGuard({ area, children, deps }: AccessGuardProps) {
  const state = useAccessGuard(AREAS[area].roles, deps);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // Only a new state leads somewhere else; the location is read then, not followed.
  const redirect = useEffectEvent((to: RedirectTarget) => {
    navigate(redirectPath(to, `${pathname}${search}`), { replace: true });
  });
  useEffect(() => {
    if (state.status === 'redirect') redirect(state.to);
  }, [state]);

  return <ConsoleAccessView state={state}>{children}</ConsoleAccessView>;
}
