import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { Dialog } from '../../../components/Dialog';
import { useFieldErrors, useFocusAfterRender } from '../../../components/useFieldErrors';
import { todayNL } from '@klusmaat/shared-ui/calendar';
import { Calendar } from '../../aanvraag/Calendar';
import { klusserApi, type Klus } from '../api';
import { customerPays, earningsRule, fullAddress, hours, longDay, slotLabel, startTime, wholeEuros } from '../format';
import { CustomerLinks } from '../shared/CustomerLinks';
import { KlusFacts } from '../shared/KlusFacts';
import { KlusserPage } from '../shared/KlusserPage';
import { LoadFailed, Loading } from '../shared/LoadState';
import { useLoad } from '../shared/useLoad';
import { KT } from '../texts';
import { changesCounter, initialDate, initialTime, isChange, MAX_CHANGES, planProblem, TIME_OPTIONS, wishWarnings } from './planLogic';
// The calendar's styles live with the request wizard, whose Calendar this screen reuses.
import '../../aanvraag/Aanvraag.css';
import '../../../styles/forms.css';

type Field = 'datum' | 'tijd';
const FIELDS: readonly Field[] = ['datum', 'tijd'];
const AGENDA = '/klusser/agenda';

/** The job being planned; with an accepted quote its fixed price instead of the estimate (D26). */
function Summary({ klus }: { klus: Klus }) {
  const fixed = klus.vaste_prijs_cents;
  return (
    <section className="klus-card klus-summary" aria-labelledby="plan-klus-titel">
      <h2 id="plan-klus-titel">{klus.categorie.label}</h2>
      <p className="klus-description">{klus.beschrijving}</p>
      <KlusFacts
        facts={[
          ['Gewenste datum', longDay(klus.datum)],
          ['Gewenste tijd', slotLabel(klus.tijd)],
          klus.geplande_start_tijd !== null && ['Huidige afspraak', startTime(klus.geplande_start_tijd)],
          ['Adres', fullAddress(klus)],
          fixed !== null && [KT.customerPays, customerPays(fixed)],
          fixed !== null && [KT.yourEarnings, earningsRule(klus.verdienste_per_uur_cents)],
          fixed === null && ['Geschatte duur', hours(klus.geschatte_duur)],
          fixed === null && ['Geschatte verdienste', wholeEuros(klus.geschatte_verdienste_euros)],
        ]}
      />
    </section>
  );
}

function PlanForm({ klus }: { klus: Klus }) {
  const navigate = useNavigate();
  const today = useMemo(() => todayNL(), []);
  const change = isChange(klus);
  const [datum, setDatum] = useState(() => initialDate(klus, today));
  const [tijd, setTijd] = useState(() => initialTime(klus));
  const [count, setCount] = useState(klus.planning_changes_count);
  const [problem, setProblem] = useState<{ message: string; fields: Field[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const alertId = useId();
  const dateLabelId = useId();
  const errors = useFieldErrors<Field>('plan', alertId, problem?.fields);
  const submitRef = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterRender<'alert' | 'submit'>((target) =>
    target === 'alert' ? document.getElementById(alertId) : submitRef.current,
  );
  const maxed = change && count >= MAX_CHANGES;
  const warnings = wishWarnings(klus, datum, tijd);

  const send = async () => {
    setConfirming(false);
    setSending(true);
    const result = await klusserApi.plan(klus.id, { datum, tijd });
    setSending(false);
    if (result.kind === 'ok') {
      showToast(change ? KT.changed : KT.planned, 'success', { flow: 'planning' });
      navigate(AGENDA);
      return;
    }
    if (result.kind === 'failed' && Object.keys(result.fields).length > 0) {
      const fields = errors.showServerErrors(result.fields, FIELDS);
      if (fields.length > 0) {
        document.getElementById(`plan-${fields[0]}`)?.focus();
        return;
      }
    }
    if (result.kind === 'failed' && result.code === 'max_changes') setCount(MAX_CHANGES);
    if (result.kind === 'failed' && (result.status === 409 || result.status === 404) && result.message !== undefined) {
      setProblem({ message: result.message, fields: [] });
      focusLater('alert');
      return;
    }
    showToast(result.kind === 'failed' && result.status === 401 ? KT.notSignedIn : KT.planFailed, 'error', { flow: 'planning' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || maxed) return;
    errors.clearServerErrors();
    const message = planProblem(datum, tijd, today);
    if (message !== null) {
      setProblem({ message, fields: FIELDS.filter((f) => (f === 'datum' ? datum : tijd) === '' || (f === 'datum' && message === KT.pastDate)) });
      focusLater('alert');
      return;
    }
    setProblem(null);
    if (change) setConfirming(true);
    else void send();
  };

  if (klus.status === 'bezig' || klus.status === 'afgerond') {
    return (
      <div className="klusser-notice" role="status">
        <p>{klus.status === 'afgerond' ? KT.finished : KT.started}</p>
      </div>
    );
  }

  return (
    <form className="klusser-form" onSubmit={onSubmit} noValidate aria-labelledby="plan-form-titel">
      <h2 id="plan-form-titel">Kies datum en tijd</h2>
      {problem !== null && (
        <div id={alertId} className="form-alert" role="alert" tabIndex={-1}>
          <p>{problem.message}</p>
        </div>
      )}
      <div className="form-field">
        <p id={dateLabelId} className="form-label">
          Datum
        </p>
        <Calendar
          value={datum}
          onChange={(iso) => {
            setDatum(iso);
            errors.clearServerError('datum');
          }}
          today={today}
          labelledBy={dateLabelId}
          describedBy={errors.describedBy('datum')}
        />
        <p className="chosen-date" aria-live="polite" id="plan-datum" tabIndex={-1}>
          {datum === '' ? 'Nog geen datum gekozen' : `Gekozen datum: ${longDay(datum)}`}
        </p>
        {errors.fieldError('datum')}
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor="plan-tijd">
          Tijd
        </label>
        <select
          id="plan-tijd"
          name="tijd"
          className="form-input form-input-short"
          value={tijd}
          onChange={(e) => {
            setTijd(e.target.value);
            errors.clearServerError('tijd');
          }}
          aria-invalid={errors.invalid('tijd')}
          aria-describedby={errors.describedBy('tijd')}
        >
          <option value="">Kies een tijd</option>
          {TIME_OPTIONS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        {errors.fieldError('tijd')}
      </div>
      <div className="klusser-warnings" role="status">
        {warnings.length > 0 && (
          <div className="klusser-notice klusser-notice-warning">
            {warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
          </div>
        )}
      </div>
      {change && (
        <p className="klusser-counter" id="plan-teller">
          {changesCounter(count)}
        </p>
      )}
      {maxed && (
        <div className="form-alert" role="alert" id="plan-max">
          <p>{KT.maxChanges}</p>
        </div>
      )}
      <button
        ref={submitRef}
        type="submit"
        className="button button-primary klusser-submit"
        aria-disabled={maxed || sending || undefined}
        aria-describedby={maxed ? 'plan-max' : change ? 'plan-teller' : undefined}
      >
        {sending ? KT.busy : change ? KT.confirmChange : KT.confirmPlanning}
      </button>
      {confirming && (
        <Dialog title={KT.changeDialogTitle} onClose={() => setConfirming(false)} returnFocusTo={submitRef}>
          <p>
            De nieuwe afspraak is op {longDay(datum)} om {tijd}. De klant ontvangt een email.
          </p>
          {count === MAX_CHANGES - 1 && (
            <div className="klusser-notice klusser-notice-warning">
              <p>{KT.lastChangeWarning}</p>
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => void send()}>
              {KT.yesChange}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {KT.cancel}
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}

function PlanScreen() {
  const { klusId = '' } = useParams();
  const [detail, reload] = useLoad((signal) => klusserApi.klus(klusId, signal), klusId);

  if (detail.state === 'failed' && detail.result.kind === 'failed' && detail.result.status === 404) {
    return (
      <>
        <h1>{KT.notFound}</h1>
        <p>
          <Link className="button button-secondary" to={AGENDA}>
            Naar {KT.agendaTitle}
          </Link>
        </p>
      </>
    );
  }
  const klus = detail.state === 'ok' ? detail.body : null;
  return (
    <>
      <h1>{klus !== null && isChange(klus) ? KT.changeTitle : KT.planTitle}</h1>
      {detail.state === 'loading' && <Loading />}
      {detail.state === 'failed' && <LoadFailed message={KT.loadJobFailed} onRetry={reload} />}
      {klus !== null && (
        <>
          <Summary klus={klus} />
          {klus.status !== 'open' && (
            <section className="klus-card" aria-labelledby="plan-klant-titel">
              <h2 id="plan-klant-titel">{KT.customer}</h2>
              <CustomerLinks klant={klus.klant} />
            </section>
          )}
          <PlanForm klus={klus} />
        </>
      )}
    </>
  );
}

/** /klusser/plan-klus/:klusId (and ?wijzig=true): plan a claimed job or change its appointment (section 2, Plan job). */
export default function PlanKlus() {
  return <KlusserPage title={KT.planTitle}>{() => <PlanScreen />}</KlusserPage>;
}
