import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchMe, type Me } from '@klusmaat/shared-ui/auth/api';
import { AREAS, consoleDestination, PATHS, safeReturnTo } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { useSignIn } from '@klusmaat/shared-ui/auth/useSignIn';
import { SignInForm } from './SignInForm';
import { StandalonePage } from './StandalonePage';

/**
 * Admin and franchise login (/admin/auth). After signing in it waits up to 4000 ms for the
 * session (GET /api/v1/me every 150 ms), then: admin to /admin/dashboard, franchise to
 * /franchise/dashboard, anybody else to /admin/no-access.
 *
 * Query parameters: aal=aal2 starts at the second factor (sent here by the guards when the
 * session lacks it); refresh=true asks for the password again (a privileged session, needed to
 * change security settings); return_to leads back to the page that sent the user here.
 */
export function ConsoleLogin() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = params.get('refresh') === 'true';
  const returnTo = params.get('return_to');
  const [initialEmail, setInitialEmail] = useState('');

  // Signing in again: the e-mail address is known already.
  useEffect(() => {
    if (!refresh) return;
    let cancelled = false;
    void fetchMe().then((result) => {
      if (!cancelled && result.kind === 'ok') setInitialEmail(result.me.email);
    });
    return () => {
      cancelled = true;
    };
  }, [refresh]);

  const onSignedIn = (me: Me) => {
    const destination =
      safeReturnTo(returnTo, me, [AREAS.admin, AREAS.franchise]) ?? consoleDestination(me) ?? PATHS.noAccess;
    navigate(destination, { replace: true });
  };

  const controller = useSignIn({ startWithSecondFactor: params.get('aal') === 'aal2', refresh, onSignedIn });

  return (
    <StandalonePage title="Inloggen">
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {TEXTS.adminAndFranchise}
      </Typography>
      {controller.step === 'credentials' && (
        <Typography>{refresh ? TEXTS.refreshIntro : 'Log in met uw e-mailadres en wachtwoord.'}</Typography>
      )}
      <SignInForm controller={controller} initialEmail={initialEmail} />
    </StandalonePage>
  );
}
