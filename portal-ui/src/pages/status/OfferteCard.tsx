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

/**
 * The fixed price in words (D26, D33): a quote priced as hours × rate is a fixed price too, hours
 * included; more work than the quote names only with the customer's consent.
 */
function vastePrijs(o: Pick<Offerte, 'regels'>): string {
  const uren = o.regels.filter((r) => r.eenheid === 'uur').reduce((sum, r) => sum + r.aantal, 0);
  if (uren <= 0) return 'Deze prijs is een vaste prijs.';
  return (
    `Deze prijs is een vaste prijs: ook de ${hours(uren)} arbeid staat vast. Duurt de klus langer, dan betaalt u niet meer. ` +
    'Meer werk dan in deze offerte staat, doen wij alleen als u daar eerst mee akkoord gaat.'
  );
}

type Besluit = OfferteBesluit['besluit'];

const THANKS: Readonly<Record<Besluit, string>> = {
  akkoord: 'Dank u wel voor uw akkoord.',
  niet_akkoord: 'Dank u wel voor uw antwoord.',
};

const DECIDE_FAILED = 'Het versturen van uw antwoord is niet gelukt. Probeer het opnieuw of bel ons.';

/**
 * What follows an accepted quote, by where the job stands: still to be planned, planned (the
 * appointment and the klusser are shown above), under way, or done.
 */
const NA_AKKOORD: Readonly<Record<string, string>> = {
  open: 'Wij plannen de klus en laten u weten wie er komt.',
  ingepland: 'De klus is ingepland. Hierboven ziet u wie er komt.',
  bezig: 'Uw klusser is nu met de klus bezig.',
  afgerond: 'De klus is afgerond.',
};

/** What comes after the quote when the customer cannot answer (now); klus is the job's status. */
function OfferteStand({ o, klus, telefoon }: { o: Offerte; klus: string; telefoon: string }) {
  const phone = telefoon.replace(/[^\d+]/g, '');
  if (o.in_bewerking) return <p className="status-offerte-stand">Wij passen de offerte aan. U krijgt de nieuwe offerte per e-mail.</p>;
  switch (o.status) {
    case 'akkoord': {
      const day = o.beslist_op === null ? '' : dayOf(o.beslist_op);
      return (
        <p className="status-offerte-stand">
          U bent akkoord gegaan{day === '' ? '' : ` op ${day}`}. {NA_AKKOORD[klus] ?? NA_AKKOORD.open}
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
  /** The job's status (open, ingepland, bezig, afgerond): what follows an accepted quote. */
  klus: string;
  telefoon: string;
  onChange: (s: Status) => void;
  onReload: () => Promise<void>;
}

/** 'Uw offerte' (D26): the lines and the total, and 'Akkoord' or 'Niet akkoord' while it may be answered. */
export default function OfferteCard({ token, o, klus, telefoon, onChange, onReload }: OfferteCardProps) {
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
        {vastePrijs(o)}
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
        <OfferteStand o={o} klus={klus} telefoon={telefoon} />
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
