import { Link } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import '../auth/auth.css';

/** Portal chooser (/portals, 'Welkom'): the klusser portal or the console (spec section 2). */
export default function Portals() {
  const { brand } = useConfig();
  usePageTitle(`${TEXTS.portalsTitle} – ${brand}`);

  return (
    <div className="container auth-page">
      <h1>{TEXTS.portalsTitle}</h1>
      <p>Kies waar u wilt inloggen.</p>
      <ul className="portal-grid">
        <li>
          <section className="portal-card" aria-labelledby="portaal-klusser">
            <h2 id="portaal-klusser">{TEXTS.klusserPortal}</h2>
            <p>Voor klussers: uw klussen, agenda, werkbonnen en verdiensten.</p>
            <Link to={PATHS.klusserLogin} className="button button-primary">
              Naar het {TEXTS.klusserPortal}
            </Link>
          </section>
        </li>
        <li>
          <section className="portal-card" aria-labelledby="portaal-beheer">
            <h2 id="portaal-beheer">{TEXTS.adminAndFranchise}</h2>
            <p>Voor beheerders en franchisenemers: klussen, klussers en instellingen.</p>
            {/* The console is a separate app: a full page load. */}
            <a href={PATHS.consoleLogin} className="button button-primary">
              Naar {TEXTS.adminAndFranchise}
            </a>
          </section>
        </li>
      </ul>
      <p>
        Wilt u ook klusser worden? <Link to={PATHS.applyAsKlusser} className="text-link">
          Word klusser bij {brand}
        </Link>.
      </p>
    </div>
  );
}
