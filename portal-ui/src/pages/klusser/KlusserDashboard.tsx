import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfig } from '../../config';
import { usePageTitle } from '../../usePageTitle';
import type { Me } from '../../auth/api';
import { KlusserGuard } from '../../auth/KlusserGuard';
import { logoutWithToast } from '../../auth/logout';
import { PATHS } from '../../auth/roles';
import { TEXTS } from '../../auth/texts';
import '../../auth/auth.css';

function KlusserHome({ me }: { me: Me }) {
  const { brand } = useConfig();
  usePageTitle(`Dashboard – ${brand} Klusser`);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onLogout = async () => {
    if (busy) return;
    setBusy(true);
    const ok = await logoutWithToast();
    setBusy(false);
    // Klusser logout leads to /auth (document 2, section 2); after a failure the user stays.
    if (ok) navigate(PATHS.klusserLogin, { replace: true });
  };

  return (
    <>
      <div className="klusser-bar">
        <div className="container klusser-bar-inner">
          <span className="brand-name">{brand} Klusser</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void onLogout()}
            aria-disabled={busy || undefined}
          >
            {TEXTS.logoutButton}
          </button>
        </div>
      </div>
      <section className="container klusser-home" aria-labelledby="klusser-welkom">
        <h1 id="klusser-welkom">Welkom, {me.naam !== '' ? me.naam : me.email}</h1>
        <p>Hier vindt u binnenkort uw klussen, uw agenda en uw verdiensten.</p>
      </section>
    </>
  );
}

/** /klusser/dashboard: the klusser portal's start page, for the role klusser only. */
export default function KlusserDashboard() {
  return <KlusserGuard>{(me) => <KlusserHome me={me} />}</KlusserGuard>;
}
