import { useEffect, useEffectEvent, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchMe, type MeResult, type Role } from '@klusmaat/shared-ui/auth/api';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { logoutWithToast } from '@klusmaat/shared-ui/auth/logout';
import { AREAS, firstRole, PATHS, ROLE_LABELS, safeReturnTo, signInPath } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { readConfig } from '../config';
import { StandalonePage } from './StandalonePage';

const { brand } = readConfig();

type View = { kind: 'loading' } | { kind: 'ready'; role: Role | null } | { kind: 'error'; message: string };

/**
 * No-access page (/admin/no-access): the first role found, what to do about it, and three ways
 * on: the klusser portal, retry, log out (spec section 2).
 */
export function NoAccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  // Check once per visit; the answer is handled with this render's navigate and search params.
  const showResult = useEffectEvent((result: MeResult) => {
    switch (result.kind) {
      case 'ok':
        setView({ kind: 'ready', role: firstRole(result.me) });
        break;
      case 'unauthenticated':
        navigate(signInPath(), { replace: true });
        break;
      case 'mfa_required':
        // The session lacks the second factor: its step, and back to the refused page afterwards.
        navigate(signInPath({ secondFactor: true, returnTo: params.get('return_to') }), { replace: true });
        break;
      case 'network':
        setView({ kind: 'error', message: TEXTS.networkError });
        break;
      default:
        setView({ kind: 'error', message: TEXTS.roleCheckFailed });
    }
  });
  useEffect(() => {
    let cancelled = false;
    void fetchMe().then((result) => {
      if (!cancelled) showResult(result);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const retry = () => {
    // Back to the page that was refused, which checks access again; else check this page again.
    const back = safeReturnTo(params.get('return_to'), null, [AREAS.admin, AREAS.franchise]);
    if (back !== null) browser.assign(back);
    else browser.reload();
  };

  const logout = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await logoutWithToast();
    setBusy(false);
    if (ok) navigate(signInPath(), { replace: true });
  };

  return (
    <StandalonePage title="Geen toegang">
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        Geen toegang
      </Typography>
      {view.kind === 'loading' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>Even geduld…</Typography>
        </Box>
      ) : view.kind === 'error' ? (
        <Typography role="alert">{view.message}</Typography>
      ) : (
        <>
          <Typography>
            Uw rol: <strong>{view.role === null ? 'geen rol gevonden' : ROLE_LABELS[view.role]}</strong>
          </Typography>
          {view.role === 'klusser' ? (
            <Typography>
              U bent klusser. Gebruik het klusser portaal om uw klussen, agenda en verdiensten te bekijken.
            </Typography>
          ) : (
            <Typography>
              U heeft geen toegang tot dit deel van {brand}. Neem contact op met een beheerder als u denkt dat dit niet
              klopt.
            </Typography>
          )}
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
        {/* The klusser portal is the other app: a full page load. */}
        <Button variant="contained" href={PATHS.klusserLogin}>
          Naar het klusser portaal
        </Button>
        <Button variant="outlined" onClick={retry}>
          {TEXTS.retry}
        </Button>
        <Button variant="outlined" onClick={() => void logout()} aria-disabled={busy || undefined}>
          {TEXTS.logoutButton}
        </Button>
      </Stack>
    </StandalonePage>
  );
}
