import { useNavigate } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { browser } from '@klusmaat/shared-ui/auth/browser';
import { logout } from '@klusmaat/shared-ui/auth/kratos';
import { PATHS, staffDestination } from '@klusmaat/shared-ui/auth/roles';
import { SignInCard } from '../auth/SignInCard';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { showToast, showToastOnNextPage } from '@klusmaat/shared-ui/auth/toastStore';

/**
 * Staff login (/login, 'Medewerkers Login'): one entrance for everybody who works for the
 * platform. Priority admin, franchise, klusser (spec section 6); an account with none of these
 * roles is told 'Geen toegang gevonden voor dit account' and signed out.
 */
export default function StaffLogin() {
  const { brand } = useConfig();
  usePageTitle(`${TEXTS.staffLoginTitle} – ${brand}`);
  const navigate = useNavigate();

  const onSignedIn = async (me: Me, notice: (message: string) => void) => {
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
      notice(TEXTS.noAccessFound);
      await logout();
    }
  };

  return (
    <SignInCard
      titleId="medewerkers-login-titel"
      title={TEXTS.staffLoginTitle}
      intro="Voor klussers, franchisenemers en beheerders. Na het inloggen gaat u vanzelf naar uw eigen omgeving."
      onSignedIn={onSignedIn}
    />
  );
}
