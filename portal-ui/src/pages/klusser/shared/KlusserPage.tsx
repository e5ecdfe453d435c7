import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { KlusserGuard } from '../../../auth/KlusserGuard';
import { logoutWithToast } from '@klusmaat/shared-ui/auth/logout';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../../../usePageTitle';
import { MANIFEST_URL } from '../pwa/scope';
import { registerServiceWorker } from '../pwa/register';
import { NotificationBell } from '../notifications/NotificationBell';
import { KT } from '../texts';
import '../../../auth/auth.css';
import '../../../styles/klusser.css';

export const KLUSSER_DASHBOARD = '/klusser/dashboard';

interface KlusserPageProps {
  /** The page's name in the browser tab and the home-screen app switcher. */
  title: string;
  /** The dashboard has the logout button; every other page a way back to the dashboard. */
  home?: boolean;
  children: (me: Me) => ReactNode;
}

function LogoutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await logoutWithToast();
    setBusy(false);
    // Klusser logout leads to /auth (document 001, section 2); after a failure the user stays.
    if (ok) navigate(PATHS.klusserLogin, { replace: true });
  };
  return (
    <button type="button" className="button button-secondary" onClick={() => void onLogout()} aria-disabled={busy || undefined}>
      {TEXTS.logoutButton}
    </button>
  );
}

/**
 * The frame of every /klusser/* page: the klusser guard (no session: /auth; another role: the
 * console), the portal's own top bar (the public header is hidden here, section 2), and what
 * makes the portal an installable app: the web app manifest and the service worker.
 */
export function KlusserPage({ title, home = false, children }: KlusserPageProps) {
  const { brand } = useConfig();
  usePageTitle(`${title} – ${brand} ${KT.portalName}`);
  useEffect(registerServiceWorker, []);

  return (
    <div className="klusser-app">
      {/* React puts these in <head>; only the klusser pages offer the app for the home screen. */}
      <link rel="manifest" href={MANIFEST_URL} />
      <link rel="apple-touch-icon" href="/klusser-icon-180.png" />
      <KlusserGuard>
        {(me) => (
          <>
            <div className="klusser-bar">
              <div className="container klusser-bar-inner">
                <span className="brand-name">
                  {brand} {KT.portalName}
                </span>
                <NotificationBell />
                {home ? (
                  <LogoutButton />
                ) : (
                  <Link to={KLUSSER_DASHBOARD} className="button button-secondary klusser-back">
                    <span aria-hidden="true">‹</span> {KT.backToDashboard}
                  </Link>
                )}
              </div>
            </div>
            <div className="container klusser-page">{children(me)}</div>
          </>
        )}
      </KlusserGuard>
    </div>
  );
}
