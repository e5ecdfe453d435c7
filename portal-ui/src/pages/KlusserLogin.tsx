import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { logout } from '@klusmaat/shared-ui/auth/kratos';
import { AREAS, isStaff, PATHS, rolesOf, safeReturnTo } from '@klusmaat/shared-ui/auth/roles';
import { SignInCard } from '../auth/SignInCard';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';

/** Admin and franchise users are sent to /admin/auth this long after the message (spec section 9). */
export const STAFF_REDIRECT_MS = 2000;

/**
 * Handyman login (/auth). Klussers go to their portal with 'Welkom terug!'. Admin and franchise
 * users are told to use the admin portal, signed out here, and sent to /admin/auth after 2 s.
 * Accounts without any role are told 'Geen toegang gevonden voor dit account' and signed out.
 */
export default function KlusserLogin() {
  const { brand } = useConfig();
  usePageTitle(`Klusser Login – ${brand}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onSignedIn = async (me: Me, notice: (message: string) => void) => {
    if (isStaff(me)) {
      notice(TEXTS.staffUseAdminPortal);
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => browser.assign(PATHS.consoleLogin), STAFF_REDIRECT_MS);
      await logout();
      return;
    }
    if (rolesOf(me).includes('klusser')) {
      showToast(TEXTS.welcomeBack, 'success');
      navigate(safeReturnTo(params.get('return_to'), me, [AREAS.klusser]) ?? PATHS.klusserDashboard, { replace: true });
      return;
    }
    notice(TEXTS.noAccessFound);
    await logout();
  };

  return (
    <SignInCard
      titleId="klusser-login-titel"
      title="Klusser Login"
      intro="Log in met uw e-mailadres en wachtwoord om uw klussen, agenda en verdiensten te zien."
      onSignedIn={onSignedIn}
    >
      <p>
        Nog geen klusser? <Link to={PATHS.applyAsKlusser} className="text-link">
          Meld u aan als klusser
        </Link>.
      </p>
    </SignInCard>
  );
}
