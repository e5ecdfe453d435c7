import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../../usePageTitle';
import { longDay, slotLabel, startTime } from '../klusser/format';
import NotFound from '../NotFound';
import FactuurCard from './FactuurCard';
import OfferteCard from './OfferteCard';
import { statusApi, type Status } from './statusApi';
import '../../styles/forms.css';
import './status.css';

/** The page polls every 30 seconds while it is open (D24), and at once when it is seen again. */
export const POLL_MS = 30_000;

const STEPS = ['Aanvraag ontvangen', 'Ingepland', 'Bezig', 'Afgerond'] as const;

/** The steps up to now: a step that is over has its ✓, and so has the last one once it is reached (the job is done). */
function Progress({ stand }: { stand: string }) {
  const current = STEPS.indexOf(stand as (typeof STEPS)[number]);
  const done = (i: number) => i < current || (i === current && i === STEPS.length - 1);
  return (
    <ol className="status-steps" aria-label="Voortgang van uw aanvraag">
      {STEPS.map((step, i) => (
        <li key={step} className={done(i) ? 'status-step done' : i === current ? 'status-step current' : 'status-step'}
          aria-current={i === current ? 'step' : undefined}>
          <span className="status-step-dot" aria-hidden="true">{done(i) ? '✓' : i + 1}</span>
          {step}
          {done(i) && <span className="visually-hidden"> (klaar)</span>}
        </li>
      ))}
    </ol>
  );
}

/** Who comes, or came (D24): the klusser's first name and showcase photo, nothing more (D5). */
function KlusserInfo({ k, status }: { k: NonNullable<Status['klusser']>; status: string }) {
  const zin =
    status === 'afgerond' ? (
      <>
        De klus is gedaan door <strong>{k.voornaam}</strong>.
      </>
    ) : status === 'bezig' ? (
      <>
        <strong>{k.voornaam}</strong> is nu met uw klus bezig.
      </>
    ) : (
      <>
        Uw klusser is <strong>{k.voornaam}</strong>.
      </>
    );
  return (
    <div className="status-klusser">
      {k.foto !== '' && <img src={k.foto} alt={`Foto van ${k.voornaam}`} width={96} height={96} />}
      <p>{zin}</p>
    </div>
  );
}

function Details({ s }: { s: Status }) {
  return (
    <dl className="status-details">
      <dt>Soort klus</dt>
      <dd>{s.categorie}</dd>
      <dt>Uw omschrijving</dt>
      <dd>{s.beschrijving}</dd>
      <dt>Gewenste datum</dt>
      <dd>{longDay(s.datum)}</dd>
      <dt>Gewenste tijd</dt>
      <dd>{slotLabel(s.tijd)}</dd>
      <dt>Woonplaats</dt>
      <dd>{s.woonplaats}</dd>
    </dl>
  );
}

function StatusView({ token, s, onChange, onReload }: { token: string; s: Status; onChange: (s: Status) => void; onReload: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = s.support_telefoon.replace(/[^\d+]/g, '');
  const klusser = s.klusser ?? null;
  const hasAfspraak = s.gepland_op !== null && s.gepland_op !== undefined;

  const cancel = async () => {
    setBusy(true);
    const r = await statusApi.cancel(token);
    setBusy(false);
    setConfirming(false);
    if (r.kind === 'ok') onChange(r.status);
    else setProblem(r.kind === 'failed' && r.message !== undefined ? r.message : 'Het annuleren is niet gelukt. Probeer het opnieuw of bel ons.');
  };

  return (
    <>
      <p className="status-stand" role="status">
        <span className="visually-hidden">Stand: </span>
        {s.stand}
      </p>
      {s.status === 'geannuleerd' ? <p className="status-note">U heeft deze aanvraag geannuleerd. Wilt u toch hulp? Doe gerust een nieuwe aanvraag.</p> : <Progress stand={s.stand} />}

      {s.status !== 'afgerond' && s.status !== 'geannuleerd' && (hasAfspraak || klusser !== null) && (
        <section className="status-card" aria-labelledby="status-afspraak">
          <h2 id="status-afspraak">Uw afspraak</h2>
          {hasAfspraak ? (
            <p className="status-big">{startTime(s.gepland_op as string)}</p>
          ) : (
            <p>De klusser spreekt de dag en de tijd met u af.</p>
          )}
          {klusser !== null && <KlusserInfo k={klusser} status={s.status} />}
        </section>
      )}

      {s.status === 'afgerond' && klusser !== null && (
        <section className="status-card" aria-labelledby="status-klusser">
          <h2 id="status-klusser">Uw klusser</h2>
          <KlusserInfo k={klusser} status={s.status} />
        </section>
      )}

      {s.schouw !== null && s.schouw !== undefined && s.status !== 'afgerond' && (
        <section className="status-card" aria-labelledby="status-schouw">
          <h2 id="status-schouw">Uw gratis schouw</h2>
          {s.schouw.uitgevoerd ? (
            <p>
              <strong>{s.schouw.opnemer}</strong> heeft de klus bij u bekeken. U krijgt van ons een vaste prijs voor de klus.
            </p>
          ) : (
            <>
              <p className="status-big">{startTime(s.schouw.start)}</p>
              <p>
                <strong>{s.schouw.opnemer}</strong> komt bij u langs om de klus te bekijken. Dit is gratis en vrijblijvend. Daarna
                krijgt u van ons een vaste prijs.
              </p>
            </>
          )}
        </section>
      )}

      {s.offerte !== null && s.offerte !== undefined && s.status !== 'geannuleerd' && (
        <OfferteCard token={token} o={s.offerte} klus={s.status} telefoon={s.support_telefoon} onChange={onChange} onReload={onReload} />
      )}

      {((s.factuur ?? null) !== null || s.factuur_pdf !== '') && <FactuurCard f={s.factuur ?? null} pdf={s.factuur_pdf} />}

      <section className="status-card" aria-labelledby="status-aanvraag">
        <h2 id="status-aanvraag">Uw aanvraag</h2>
        <Details s={s} />
      </section>

      {phone !== '' && (
        <section className="status-card" aria-labelledby="status-vragen">
          <h2 id="status-vragen">Vragen?</h2>
          <p>Bel ons gerust, wij helpen u graag.</p>
          <a className="button button-secondary button-large" href={`tel:${phone}`}>
            Bel {s.support_telefoon}
          </a>
        </section>
      )}

      {problem !== null && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {s.annuleerbaar && (
        <button type="button" className="button button-secondary status-cancel" onClick={() => setConfirming(true)}>
          Aanvraag annuleren
        </button>
      )}
      {confirming && (
        <Dialog title="Aanvraag annuleren?" onClose={() => setConfirming(false)}>
          <p>Weet u zeker dat u deze aanvraag wilt annuleren? Er komt dan geen klusser.</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Nee, terug
            </button>
            <button type="button" className="button button-primary" onClick={() => void cancel()} aria-disabled={busy || undefined}>
              Ja, annuleren
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/** /status/:token — where a request stands, without an account (D24). */
export default function StatusPage() {
  const { token = '' } = useParams();
  const { brand } = useConfig();
  usePageTitle(`Stand van uw aanvraag – ${brand}`);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ok'; status: Status } | { kind: 'not-found' } | { kind: 'error'; message: string }>({ kind: 'loading' });

  const load = useCallback(async () => {
    const r = await statusApi.get(token);
    if (r.kind === 'ok') setState({ kind: 'ok', status: r.status });
    else if (r.kind === 'not-found') setState({ kind: 'not-found' });
    else {
      // Keep what is shown when a poll fails; say so only when there is nothing yet, in the
      // server's words when it gave some (too many requests from this address, say).
      const message =
        r.kind === 'failed' && r.message !== undefined ? r.message : 'De gegevens konden niet worden geladen. Controleer uw internetverbinding en probeer het opnieuw.';
      setState((prev) => (prev.kind === 'ok' ? prev : { kind: 'error', message }));
    }
  }, [token]);

  useEffect(() => {
    void load();
    const t = window.setInterval(() => void load(), POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(t);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  if (state.kind === 'not-found') return <NotFound />;
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <h1 id="status-title">Stand van uw aanvraag</h1>
      {state.kind === 'loading' && (
        <p role="status" className="status-note">
          Even geduld, wij halen de gegevens op…
        </p>
      )}
      {state.kind === 'error' && (
        <div role="alert" className="status-note">
          <p>{state.message}</p>
          <button type="button" className="button button-secondary" onClick={() => void load()}>
            Opnieuw proberen
          </button>
        </div>
      )}
      {state.kind === 'ok' && <StatusView token={token} s={state.status} onChange={(s) => setState({ kind: 'ok', status: s })} onReload={load} />}
    </section>
  );
}
