import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readConfig } from '../config';
import { fetchMe, type Role } from '@shared-auth/api';
import { browser } from '@shared-auth/browser';
import { logoutWithToast } from '@shared-auth/logout';
import { AREAS, firstRole, PATHS, ROLE_LABELS, safeReturnTo } from '@shared-auth/roles';
import { StandalonePage } from './StandalonePage';
import { TEXTS } from '@shared-auth/texts';

const { brand } = readConfig();

type View = { kind: 'loading' } | { kind: 'ready'; role: Role | null };

/**
 * No-access page (/admin/no-access): the first role found, what to do about it, and three ways
 * on: the klusser portal, retry, log out (spec section 2).
 */
export function NoAccess() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void fetchMe().then((result) => {
      if (cancelled) return;
      if (result.kind === 'unauthenticated') navigate(PATHS.consoleLogin, { replace: true });
      else setView({ kind: 'ready', role: result.kind === 'ok' ? firstRole(result.me) : null });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

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
    if (ok) navigate(PATHS.consoleLogin, { replace: true });
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
