import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { logout } from '@klusmaat/shared-ui/auth/kratos';
import { PATHS, staffDestination } from '@klusmaat/shared-ui/auth/roles';
import { SignInForm } from '../auth/SignInForm';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { showToast, showToastOnNextPage } from '@klusmaat/shared-ui/auth/toastStore';
import { useSignIn } from '@klusmaat/shared-ui/auth/useSignIn';
import '../auth/auth.css';

/**
 * Staff login (/login, 'Medewerkers Login'): one entrance for everybody who works for the
 * platform. Priority admin, franchise, klusser (spec section 6); an account with none of these
 * roles is told 'Geen toegang gevonden voor dit account' and signed out.
 */
export default function StaffLogin() {
  const { brand } = useConfig();
  usePageTitle(`${TEXTS.staffLoginTitle} – ${brand}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);

  const onSignedIn = async (me: Me) => {
    const destination = staffDestination(me);
    if (destination === PATHS.klusserDashboard) {
      showToast(TEXTS.welcomeBack, 'success');
      navigate(destination, { replace: true });
    } else if (destination !== null) {
      // The console is the other app: a full page load, which loses the in-memory toast; the
      // console's toaster shows it from sessionStorage.
      showToastOnNextPage(TEXTS.welcomeBack, 'success');
      browser.assign(destination);
    } else {
      setNotice(TEXTS.noAccessFound);
      await logout();
    }
  };

  const controller = useSignIn({ startWithSecondFactor: params.get('aal') === 'aal2', onSignedIn });

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="medewerkers-login-titel">
        <h1 id="medewerkers-login-titel">{TEXTS.staffLoginTitle}</h1>
        {controller.step === 'credentials' && (
          <p>Voor klussers, franchisenemers en beheerders. Na het inloggen gaat u vanzelf naar uw eigen omgeving.</p>
        )}
        <SignInForm controller={controller} notice={notice} onSubmitStart={() => setNotice(null)} />
      </section>
    </div>
  );
}
