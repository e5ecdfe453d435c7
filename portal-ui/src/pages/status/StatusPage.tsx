import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useFieldErrors, useFocusAfterRender } from '../../components/useFieldErrors';
import { useConfig } from '@klusmaat/shared-ui/config';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { parseIsoDate } from '../../lib/pickableDays';
import { usePageTitle } from '../../usePageTitle';
import { euros, hours, longDay, number, slotLabel, startTime } from '../klusser/format';
import NotFound from '../NotFound';
import { statusApi, type Offerte, type OfferteBesluit, type Status } from './statusApi';
import '../../styles/forms.css';
import './status.css';

/** The page polls every 30 seconds while it is open (D24), and at once when it is seen again. */
export const POLL_MS = 30_000;

const STEPS = ['Aanvraag ontvangen', 'Ingepland', 'Bezig', 'Afgerond'] as const;

function Progress({ stand }: { stand: string }) {
  const current = STEPS.indexOf(stand as (typeof STEPS)[number]);
  return (
    <ol className="status-steps" aria-label="Voortgang van uw aanvraag">
      {STEPS.map((step, i) => (
        <li key={step} className={i < current ? 'status-step done' : i === current ? 'status-step current' : 'status-step'}
          aria-current={i === current ? 'step' : undefined}>
          <span className="status-step-dot" aria-hidden="true">{i < current ? '✓' : i + 1}</span>
          {step}
        </li>
      ))}
    </ol>
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

/** "2026-12-24" -> "24 december 2026"; anything else is shown as it came. */
function dateOf(iso: string): string {
  const day = parseIsoDate(iso);
  return day === null ? iso : format(day, 'd MMMM yyyy', { locale: nl });
}

/** The Dutch calendar day of an instant as "24 december 2026"; '' when it is not one. */
function dayOf(instant: string): string {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? '' : format(todayNL(ms), 'd MMMM yyyy', { locale: nl });
}

/** A line's quantity: "2,5 uur" for hours, the bare number for a fixed price or pieces. */
/** How a line is counted, under its description: '2,5 uur × € 45,00', '3 × € 25,00'; nothing for one fixed price. */
function quantity(regel: Offerte['regels'][number]): string {
  if (regel.eenheid === 'uur') return `${hours(regel.aantal)} × ${euros(regel.prijs_cents)}`;
  return regel.aantal === 1 ? '' : `${number(regel.aantal)} × ${euros(regel.prijs_cents)}`;
}

type Besluit = OfferteBesluit['besluit'];

const THANKS: Readonly<Record<Besluit, string>> = {
  akkoord: 'Dank u wel voor uw akkoord.',
  niet_akkoord: 'Dank u wel voor uw antwoord.',
};

const DECIDE_FAILED = 'Het versturen van uw antwoord is niet gelukt. Probeer het opnieuw of bel ons.';

/** What comes after the quote when the customer cannot answer (now). */
function OfferteStand({ o, telefoon }: { o: Offerte; telefoon: string }) {
  const phone = telefoon.replace(/[^\d+]/g, '');
  if (o.in_bewerking) return <p className="status-offerte-stand">Wij passen de offerte aan. U krijgt de nieuwe offerte per e-mail.</p>;
  switch (o.status) {
    case 'akkoord': {
      const day = o.beslist_op === null ? '' : dayOf(o.beslist_op);
      return (
        <p className="status-offerte-stand">
          U bent akkoord gegaan{day === '' ? '' : ` op ${day}`}. Wij plannen de klus en laten u weten wie er komt.
        </p>
      );
    }
    case 'niet_akkoord':
      return <p className="status-offerte-stand">U heeft aangegeven niet akkoord te gaan. Wij nemen contact met u op.</p>;
    case 'verlopen':
      return phone === '' ? (
        <p className="status-offerte-stand">Deze offerte is verlopen. Neem contact met ons op voor een nieuwe offerte.</p>
      ) : (
        <p className="status-offerte-stand">
          Deze offerte is verlopen. Bel ons op <a href={`tel:${phone}`}>{telefoon}</a> voor een nieuwe offerte.
        </p>
      );
    default:
      return null;
  }
}

interface OfferteCardProps {
  token: string;
  o: Offerte;
  telefoon: string;
  onChange: (s: Status) => void;
  onReload: () => Promise<void>;
}

/** 'Uw offerte' (D26): the lines and the total, and 'Akkoord' or 'Niet akkoord' while it may be answered. */
function OfferteCard({ token, o, telefoon, onChange, onReload }: OfferteCardProps) {
  // The answer being confirmed, with the version the customer read: a newer version that a poll
  // brings in meanwhile is not accepted unseen (the server answers 'offerte_changed').
  const [asking, setAsking] = useState<{ besluit: Besluit; versie: number; totaal: number } | null>(null);
  const [reden, setReden] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [thanks, setThanks] = useState<{ versie: number; text: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = useFieldErrors<'reden'>('offerte', 'offerte-alert', null);
  const focusLater = useFocusAfterRender<'heading' | 'alert'>((target) => (target === 'heading' ? headingRef.current : alertRef.current));

  const ask = (besluit: Besluit) => {
    setProblem(null);
    errors.clearServerErrors();
    setAsking({ besluit, versie: o.versie, totaal: o.totaal_cents });
  };

  const send = async () => {
    if (asking === null || busy) return;
    setBusy(true);
    const r = await statusApi.decide(token, {
      versie: asking.versie,
      besluit: asking.besluit,
      reden: asking.besluit === 'niet_akkoord' ? reden.trim() : '',
    });
    setBusy(false);
    if (r.kind === 'ok') {
      setAsking(null);
      setReden('');
      setThanks({ versie: asking.versie, text: THANKS[asking.besluit] });
      onChange(r.status);
      focusLater('heading');
      return;
    }
    // A reason the server refuses (too long) is shown at the field, in the open dialog.
    if (r.kind === 'failed' && errors.showServerErrors(r.fields, ['reden']).length > 0) {
      document.getElementById('offerte-reden')?.focus();
      return;
    }
    setAsking(null);
    setProblem(r.kind === 'failed' && r.message !== undefined ? r.message : DECIDE_FAILED);
    focusLater('alert');
    // Changed, already answered or expired meanwhile: show what the quote is now.
    if ((r.kind === 'failed' && r.status === 409) || r.kind === 'not-found') void onReload();
  };

  const shownThanks = thanks !== null && thanks.versie === o.versie && !o.beslisbaar ? thanks.text : null;

  return (
    <section className="status-card status-offerte" aria-labelledby="status-offerte">
      <h2 id="status-offerte" ref={headingRef} tabIndex={-1}>
        Uw offerte
      </h2>
      {problem !== null && (
        <div id="offerte-alert" ref={alertRef} className="form-alert" role="alert" tabIndex={-1}>
          <p>{problem}</p>
        </div>
      )}
      <p>
        Offerte <strong>{o.nummer}</strong>
        {o.versie > 1 && ` (versie ${o.versie})`}
      </p>
      <table className="status-offerte-regels">
        <caption className="visually-hidden">De onderdelen van de offerte</caption>
        <thead>
          <tr>
            <th scope="col">Omschrijving</th>
            <th scope="col">Bedrag</th>
          </tr>
        </thead>
        <tbody>
          {o.regels.map((regel, i) => (
            <tr key={i}>
              <td>
                {regel.omschrijving}
                {quantity(regel) !== '' && <span className="status-offerte-aantal">{quantity(regel)}</span>}
              </td>
              <td>{euros(regel.bedrag_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="status-offerte-sommen">
        <div>
          <dt>Subtotaal (excl. btw)</dt>
          <dd>{euros(o.subtotaal_cents)}</dd>
        </div>
        <div>
          <dt>Btw 21%</dt>
          <dd>{euros(o.btw_cents)}</dd>
        </div>
        <div className="status-offerte-totaal">
          <dt>Totaal (incl. btw)</dt>
          <dd>{euros(o.totaal_cents)}</dd>
        </div>
      </dl>
      <p>
        Deze prijs is een vaste prijs.
        {o.status !== 'akkoord' && o.status !== 'niet_akkoord' && ` Geldig tot en met ${dateOf(o.geldig_tot)}.`}
      </p>
      <div role="status">{shownThanks !== null && <p className="status-offerte-dank">{shownThanks}</p>}</div>
      {o.beslisbaar ? (
        <>
          <p>Gaat u akkoord? Dan plannen wij de klus en ziet u hier wie er komt, met naam en foto.</p>
          <div className="status-offerte-knoppen">
            <button type="button" className="button button-primary button-large" aria-haspopup="dialog" onClick={() => ask('akkoord')}>
              Akkoord
            </button>
            <button type="button" className="button button-secondary button-large" aria-haspopup="dialog" onClick={() => ask('niet_akkoord')}>
              Niet akkoord
            </button>
          </div>
        </>
      ) : (
        <OfferteStand o={o} telefoon={telefoon} />
      )}
      {asking?.besluit === 'akkoord' && (
        <Dialog title="Akkoord met de offerte?" onClose={() => setAsking(null)}>
          <p>Weet u het zeker? U gaat akkoord met de offerte van {euros(asking.totaal)}.</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setAsking(null)}>
              Terug
            </button>
            <button type="button" className="button button-primary" onClick={() => void send()} aria-disabled={busy || undefined}>
              Ja, ik ga akkoord
            </button>
          </div>
        </Dialog>
      )}
      {asking?.besluit === 'niet_akkoord' && (
        <Dialog title="Niet akkoord met de offerte?" onClose={() => setAsking(null)}>
          <TextField
            {...errors.wiring('reden')}
            label="Wilt u zeggen waarom? (mag leeg blijven)"
            value={reden}
            onChange={(value) => {
              setReden(value);
              errors.clearServerError('reden');
            }}
            multiline
            maxLength={1000}
          />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => setAsking(null)}>
              Terug
            </button>
            <button type="button" className="button button-primary" onClick={() => void send()} aria-disabled={busy || undefined}>
              Niet akkoord versturen
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function StatusView({ token, s, onChange, onReload }: { token: string; s: Status; onChange: (s: Status) => void; onReload: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = s.support_telefoon.replace(/[^\d+]/g, '');

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

      {s.gepland_op !== null && s.gepland_op !== undefined && s.status !== 'afgerond' && (
        <section className="status-card" aria-labelledby="status-afspraak">
          <h2 id="status-afspraak">Uw afspraak</h2>
          <p className="status-big">{startTime(s.gepland_op)}</p>
          {s.klusser !== null && s.klusser !== undefined && (
            <div className="status-klusser">
              {s.klusser.foto !== '' && <img src={s.klusser.foto} alt={`Foto van ${s.klusser.voornaam}`} width={96} height={96} />}
              <p>
                Uw klusser is <strong>{s.klusser.voornaam}</strong>.
              </p>
            </div>
          )}
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
        <OfferteCard token={token} o={s.offerte} telefoon={s.support_telefoon} onChange={onChange} onReload={onReload} />
      )}

      {s.factuur_pdf !== '' && (
        <section className="status-card" aria-labelledby="status-factuur">
          <h2 id="status-factuur">Uw factuur</h2>
          <p>De klus is afgerond. Hartelijk dank!</p>
          <a className="button button-primary button-large" href={s.factuur_pdf} download>
            Download uw factuur (PDF)
          </a>
        </section>
      )}

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
