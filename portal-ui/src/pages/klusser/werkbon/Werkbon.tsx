import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { euros } from '../format';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading } from '../shared/LoadState';
import { AfrondenDialog } from './AfrondenDialog';
import { CustomerCard } from './CustomerCard';
import { FotosCard } from './FotosCard';
import { MaterialenCard } from './MaterialenCard';
import { NotitiesCard } from './NotitiesCard';
import { OfflineBanner } from './OfflineBanner';
import { resizePhoto } from './resize';
import { TimerCard } from './TimerCard';
import { WT } from './texts';
import { useWerkbon, WERKBON_FLOW } from './useWerkbon';
import { billedHours, elapsedSeconds, hhmmss, type WerkbonView } from './view';
import './werkbon.css';

const AGENDA = '/klusser/agenda';

export function Completed({ view }: { view: WerkbonView }) {
  const start = view.startTijd;
  const end = view.eindTijd;
  const seconds = start !== null && end !== null ? elapsedSeconds(start, new Date(end)) : 0;
  const uren = view.werkbon.uren ?? billedHours(seconds);
  const factuur = view.werkbon.factuur_id;
  return (
    <section className="klus-card werkbon-done" aria-labelledby="werkbon-klaar-titel">
      <h2 id="werkbon-klaar-titel">{WT.workedTime}</h2>
      <p className="timer-display">{hhmmss(seconds)}</p>
      {view.werkbon.vaste_prijs === null ? (
        <p>
          {uren} uur gefactureerd · {WT.labour} {euros(uren * view.werkbon.uurtarief_cents)}
        </p>
      ) : (
        // D33: a fixed-price job bills its quote; the hours count for the klusser's earnings only.
        <p>
          {WT.workedHours(uren)} · {WT.fixedPrice} {euros(view.werkbon.vaste_prijs.incl_cents)} {WT.inclVat}
        </p>
      )}
      {view.afrondingWacht && <p className="klusser-notice">{WT.invoiceWaits}</p>}
      <div className="werkbon-done-actions">
        {factuur !== null && factuur !== undefined && (
          <Link className="button button-primary button-large" to={`/klusser/factuur/${encodeURIComponent(factuur)}`}>
            {WT.toInvoice}
          </Link>
        )}
        <Link className="button button-secondary button-large" to={AGENDA}>
          {WT.toAgenda}
        </Link>
      </div>
    </section>
  );
}

function WerkbonScreen({ klusId }: { klusId: string }) {
  const w = useWerkbon(klusId);
  const [finishing, setFinishing] = useState(false);
  const restored = useRef(false);
  const startTijd = w.state.status === 'ready' ? w.state.view.startTijd : null;
  const running = w.state.status === 'ready' && !w.state.view.afgerond && startTijd !== null;

  // Section 4: the timer is restored from the stored start on load and when the app is seen again.
  useEffect(() => {
    if (!running) return;
    if (!restored.current) {
      restored.current = true;
      showToast(WT.timerRestored, 'success', WERKBON_FLOW);
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') showToast(WT.timerRestored, 'success', WERKBON_FLOW);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [running]);

  if (w.state.status === 'loading') return <Loading />;
  if (w.state.status === 'failed') {
    return (
      <>
        <LoadFailed message={w.state.message} onRetry={() => window.location.reload()} />
        <Link className="button button-secondary" to={AGENDA}>
          {WT.toAgenda}
        </Link>
      </>
    );
  }
  const { view, online, sending } = w.state;
  const { klus } = view.werkbon;
  const locked = view.afgerond;

  const finish = () => {
    if (view.startTijd === null) {
      showToast(WT.startTimerFirst, 'error', WERKBON_FLOW);
      return;
    }
    setFinishing(true);
  };

  return (
    <>
      <div className="werkbon-head">
        <h1>{WT.title}</h1>
        {locked && <span className="klus-badge klus-badge-afgerond">{WT.closed}</span>}
      </div>
      <p className="werkbon-klus">
        <strong>{klus.categorie}</strong> – {klus.beschrijving}
      </p>
      <OfflineBanner online={online} waiting={view.waiting} sending={sending} />
      <CustomerCard klant={view.werkbon.klant} klus={view.werkbon.klus} />
      {locked ? (
        <Completed view={view} />
      ) : (
        <TimerCard startTijd={view.startTijd} werkbon={view.werkbon} onStart={() => {
            restored.current = true; // started here: nothing to restore
            void w.start();
          }} />
      )}
      <MaterialenCard
        materialen={view.materialen}
        totalCents={view.materiaalCents}
        locked={locked}
        onAdd={(naam, cents) => void w.addMateriaal(naam, cents)}
        onRemove={(m) => void w.removeMateriaal(m.id, m.wacht)}
      />
      <FotosCard
        fotos={view.fotos}
        locked={locked}
        onPhoto={(type, file) =>
          void (async () => {
            try {
              await w.addFoto(type, await resizePhoto(file));
            } catch {
              showToast(WT.photoFailed, 'error', WERKBON_FLOW);
            }
          })()
        }
      />
      <NotitiesCard value={view.opmerkingen} locked={locked} onSave={(text) => void w.setNotities(text)} />
      {!locked && (
        <button type="button" className="button button-accent button-large werkbon-finish" onClick={finish}>
          {WT.finish}
        </button>
      )}
      {finishing && (
        <AfrondenDialog
          notes={view.opmerkingen}
          onClose={() => setFinishing(false)}
          onConfirm={(b, opmerkingen, handtekening) => {
            setFinishing(false);
            void w.afronden(b, opmerkingen, handtekening);
          }}
        />
      )}
    </>
  );
}

/** /klusser/werkbon/:klusId — the work order on site, phone first, offline too (D23). */
export default function WerkbonPage() {
  const { klusId = '' } = useParams();
  return <KlusserPage title={WT.title}>{() => <WerkbonScreen klusId={klusId} />}</KlusserPage>;
}
