import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '@klusmaat/shared-ui/auth/api';
import { klusserApi } from '../api';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useKlusEvents } from '@klusmaat/shared-ui/klusEvents';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';

export const DASHBOARD_TEXTS = {
  today: 'Vandaag gepland',
  week: 'Deze week gepland',
  agendaHint: 'Je klussen en afspraken, per dag.',
  poolHint: 'Pak een nieuwe klus op in jouw regio.',
  earningsHint: 'Je gewerkte uren en wat je verdiend hebt.',
  available: (n: number) => (n === 1 ? '1 klus beschikbaar' : `${n} klussen beschikbaar`),
} as const;

/** One card of the start page's menu: the page's title (with its count) and what it holds. */
function NavCard({ to, title, hint }: { to: string; title: ReactNode; hint: string }) {
  return (
    <li>
      <Link to={to} className="klusser-nav-card">
        <span className="klusser-nav-title">{title}</span>
        <span className="klusser-nav-hint">{hint}</span>
      </Link>
    </li>
  );
}

function Home({ me }: { me: Me }) {
  const [overzicht, reload] = useLoad((signal) => klusserApi.overzicht(signal));
  // Every change the stream brings (the pool of the klusser's regions, its own jobs) can move a figure.
  useKlusEvents(() => true, reload);
  const figures = overzicht.state === 'ok' ? overzicht.body : null;
  const naam = me.naam !== '' ? me.naam : figures?.naam || me.email;

  return (
    <>
      <h1>Welkom, {naam}</h1>
      <section aria-label="Je planning" className="klusser-figures-section">
        {overzicht.state === 'loading' && <Loading />}
        {overzicht.state === 'failed' && <LoadFailed onRetry={reload} />}
        {figures !== null && (
          <dl className="klusser-figures">
            <div className="klusser-figure">
              <dt>{DASHBOARD_TEXTS.today}</dt>
              <dd>{figures.vandaag}</dd>
            </div>
            <div className="klusser-figure">
              <dt>{DASHBOARD_TEXTS.week}</dt>
              <dd>{figures.deze_week}</dd>
            </div>
          </dl>
        )}
      </section>
      <nav aria-label="Klusser portaal">
        <ul className="klusser-nav-cards">
          <NavCard to="/klusser/agenda" title={KT.agendaTitle} hint={DASHBOARD_TEXTS.agendaHint} />
          <NavCard
            to="/klusser/beschikbare-klussen"
            title={
              <>
                {KT.poolTitle}
                {figures !== null && (
                  <span className="klusser-badge">
                    <span aria-hidden="true">{figures.pool}</span>
                    <span className="visually-hidden">, {DASHBOARD_TEXTS.available(figures.pool)}</span>
                  </span>
                )}
              </>
            }
            hint={DASHBOARD_TEXTS.poolHint}
          />
          <NavCard to="/klusser/verdiensten" title={KT.earningsTitle} hint={DASHBOARD_TEXTS.earningsHint} />
        </ul>
      </nav>
    </>
  );
}

/** /klusser/dashboard: the klusser's start page (document 001, section 2: Worker dashboard). */
export default function KlusserDashboard() {
  return (
    <KlusserPage title={KT.dashboardTitle} home>
      {(me) => <Home me={me} />}
    </KlusserPage>
  );
}
