import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { logout } from '@klusmaat/shared-ui/auth/kratos';
import { AREAS, isStaff, PATHS, rolesOf, safeReturnTo } from '@klusmaat/shared-ui/auth/roles';
import { SignInForm } from '../auth/SignInForm';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { useSignIn } from '@klusmaat/shared-ui/auth/useSignIn';
import '../auth/auth.css';

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
  const [notice, setNotice] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onSignedIn = async (me: Me) => {
    if (isStaff(me)) {
      setNotice(TEXTS.staffUseAdminPortal);
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
    setNotice(TEXTS.noAccessFound);
    await logout();
  };

  const controller = useSignIn({ startWithSecondFactor: params.get('aal') === 'aal2', onSignedIn });

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="klusser-login-titel">
        <h1 id="klusser-login-titel">Klusser Login</h1>
        {controller.step === 'credentials' && (
          <p>Log in met uw e-mailadres en wachtwoord om uw klussen, agenda en verdiensten te zien.</p>
        )}
        <SignInForm controller={controller} notice={notice} onSubmitStart={() => setNotice(null)} />
        <p>
          Nog geen klusser? <Link to={PATHS.applyAsKlusser} className="text-link">
            Meld u aan als klusser
          </Link>.
        </p>
      </section>
    </div>
  );
}
