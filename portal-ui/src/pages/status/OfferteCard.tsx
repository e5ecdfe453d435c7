import { format } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import { useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { useFieldErrors, useFocusAfterRender } from '../../components/useFieldErrors';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { parseIsoDate } from '../../lib/pickableDays';
import { euros, hours, number } from '../klusser/format';
import { statusApi, type Offerte, type OfferteBesluit, type Status } from './statusApi';

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
export default function OfferteCard({ token, o, telefoon, onChange, onReload }: OfferteCardProps) {
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
