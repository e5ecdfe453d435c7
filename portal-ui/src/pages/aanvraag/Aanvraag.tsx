import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  fetchCategories,
  fetchTowns,
  submitAanvraag,
  type AanvraagPayload,
  type Category,
  type Town,
} from '../../api/public';
import { Dialog } from '../../components/Dialog';
import { Honeypot } from '../../components/Honeypot';
import { telHref, useConfig } from '../../config';
import { SERVICE_CATEGORIES } from '../../content/site';
import { formatLongDate, parseIsoDate, startOfDay } from '../../lib/dates';
import { usePageTitle } from '../../usePageTitle';
import { Calendar } from './Calendar';
import {
  checkStep,
  counterText,
  emptyAanvraag,
  firstFailingStep,
  MAX_BESCHRIJVING,
  MSG,
  preselectedCategory,
  REQUIRED_CONTACT,
  STEP_COUNT,
  STEP_FIELDS,
  STEP_NAMES,
  stepOf,
  SUCCESS_CLOSE_MS,
  TIME_SLOTS,
  toPayload,
  type Field,
  type Step,
  type StepProblem,
} from './logic';
import '../../styles/forms.css';
import './Aanvraag.css';

const ID = 'aanvraag';
const ALERT_ID = `${ID}-fout`;
const DRAFT_KEY = 'klusmaat-aanvraag-concept';
const STEPS: readonly Step[] = [1, 2, 3, 4];

interface Draft {
  data: AanvraagPayload;
  step: Step;
}

/** The wizard keeps its state in the tab's session storage, so that a reload loses nothing. */
function readDraft(): Draft | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.data !== 'object' || parsed.data === null) return null;
    const base = emptyAanvraag();
    const data = { ...base };
    for (const key of Object.keys(base) as (keyof AanvraagPayload)[]) {
      const value = (parsed.data as unknown as Record<string, unknown>)[key];
      if (typeof value === 'string') (data as Record<string, string>)[key] = value;
    }
    if (data.contact_voorkeur !== 'whatsapp') data.contact_voorkeur = 'bellen';
    if (!['', 'ochtend', 'middag', 'avond'].includes(data.tijd)) data.tijd = '';
    data.website = '';
    const step = STEPS.includes(parsed.step as Step) ? (parsed.step as Step) : 1;
    return { data, step };
  } catch {
    return null;
  }
}

function writeDraft(draft: Draft | null): void {
  try {
    if (draft === null) globalThis.sessionStorage?.removeItem(DRAFT_KEY);
    else globalThis.sessionStorage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or full storage: the wizard works without a draft.
  }
}

interface SubmitError {
  message: string;
  detail?: string;
}

/** Request wizard (/aanvraag): four steps, then the success dialog (spec sections 2, 5, 7-9). */
export default function Aanvraag() {
  const { brand, phone } = useConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const today = useMemo(() => startOfDay(new Date()), []);

  const [initial] = useState<Draft>(() => {
    const fromQuery = preselectedCategory(params);
    const draft = readDraft();
    if (draft === null) return { data: emptyAanvraag(fromQuery), step: 1 };
    const data = fromQuery === '' ? draft.data : { ...draft.data, categorie: fromQuery };
    const failing = firstFailingStep(data, today) ?? 4;
    return { data, step: Math.min(draft.step, failing) as Step };
  });
  const [data, setData] = useState<AanvraagPayload>(initial.data);
  const [step, setStep] = useState<Step>(initial.step);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ emailGiven: boolean } | null>(null);
  const [categories, setCategories] = useState<Category[]>(() =>
    SERVICE_CATEGORIES.map(({ key, label }) => ({ key, label })),
  );
  const [towns, setTowns] = useState<Town[] | 'loading' | 'error'>('loading');

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<Field | 'heading' | 'submit' | null>(null);
  const mounted = useRef(true);

  usePageTitle(`Klus aanvragen (stap ${step} van ${STEP_COUNT}) – ${brand}`);

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    fetchCategories(undefined, controller.signal)
      .then((items) => {
        if (items.length > 0) setCategories(items);
      })
      .catch(() => {
        // The built-in list of the five public categories stays.
      });
    fetchTowns(undefined, controller.signal)
      .then((items) => setTowns(items.length > 0 ? items : 'error'))
      .catch(() => {
        if (!controller.signal.aborted) setTowns('error');
      });
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, []);

  useEffect(() => {
    if (done === null) writeDraft({ data, step });
  }, [data, step, done]);

  // After a successful request: the dialog closes itself after 5 s and the visitor goes home.
  useEffect(() => {
    if (done === null) return;
    writeDraft(null);
    const timer = setTimeout(() => navigate('/'), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // Focus: the step heading after a step change, the first invalid field after an error.
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    const form = formRef.current;
    if (target === 'heading') {
      headingRef.current?.focus();
      return;
    }
    if (target === 'submit') {
      form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
      return;
    }
    let el: HTMLElement | null | undefined;
    if (target === 'datum') el = form?.querySelector<HTMLElement>('.calendar-grid button[tabindex="0"]');
    else if (target === 'categorie' || target === 'tijd' || target === 'contact_voorkeur')
      el =
        form?.querySelector<HTMLElement>(`input[name="${target}"]:checked`) ??
        form?.querySelector<HTMLElement>(`input[name="${target}"]`);
    else el = document.getElementById(`${ID}-${target}`);
    el?.focus();
  });

  const update = <K extends keyof AanvraagPayload>(field: K, value: AanvraagPayload[K]) => {
    const next = { ...data, [field]: value };
    setData(next);
    if (serverErrors[field] !== undefined) {
      const { [field]: _removed, ...rest } = serverErrors;
      setServerErrors(rest);
    }
    // Once a step showed its message, it follows the visitor's corrections.
    if (problem !== null) setProblem(checkStep(step, next, today));
  };

  const goTo = (target: Step) => {
    setStep(target);
    setProblem(null);
    setSubmitError(null);
    pendingFocus.current = 'heading';
  };

  const next = () => {
    const found = checkStep(step, data, today);
    setProblem(found);
    if (found !== null) {
      pendingFocus.current = found.fields[0] ?? 'heading';
      return;
    }
    goTo(Math.min(step + 1, STEP_COUNT) as Step);
  };

  const previous = () => {
    if (step > 1) goTo((step - 1) as Step);
  };

  const submit = async () => {
    if (sending) return;
    const found = checkStep(4, data, today) ?? null;
    const earlier = firstFailingStep(data, today);
    if (found !== null || (earlier !== null && earlier < 4)) {
      const failing = earlier ?? 4;
      const stepProblem = checkStep(failing, data, today);
      if (failing !== step) setStep(failing);
      setProblem(stepProblem);
      pendingFocus.current = stepProblem?.fields[0] ?? 'heading';
      return;
    }
    setProblem(null);
    setSubmitError(null);
    setServerErrors({});
    setSending(true);
    const payload = toPayload(data);
    const result = await submitAanvraag(payload);
    if (!mounted.current) return;
    setSending(false);
    if (result.kind === 'ok') {
      setDone({ emailGiven: payload.email !== '' || result.body.email_verstuurd });
      return;
    }
    if (result.kind === 'invalid') {
      const order = STEPS.flatMap((s) => STEP_FIELDS[s]);
      const fields = order.filter((f) => result.fields[f] !== undefined);
      const messages: Partial<Record<Field, string>> = {};
      for (const f of fields) messages[f] = result.fields[f];
      setServerErrors(messages);
      setSubmitError({ message: MSG.failed });
      const first = fields[0];
      if (first !== undefined) {
        setStep(stepOf(first));
        pendingFocus.current = first;
      } else {
        pendingFocus.current = 'submit';
      }
      return;
    }
    setSubmitError(
      result.kind === 'rate_limited' && result.message !== undefined
        ? { message: MSG.failed, detail: result.message }
        : { message: MSG.failed },
    );
    pendingFocus.current = 'submit';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < STEP_COUNT) next();
    else void submit();
  };

  // Error wiring: a field is invalid when the step check or the server says so.
  const stepFieldInvalid = (f: Field) => problem !== null && problem.fields.includes(f);
  const invalid = (f: Field) => (stepFieldInvalid(f) || serverErrors[f] !== undefined ? true : undefined);
  const errorId = (f: Field) => `${ID}-${f}-fout`;
  const describedBy = (f: Field, ...extra: (string | false | undefined)[]) =>
    [...extra, stepFieldInvalid(f) && ALERT_ID, serverErrors[f] !== undefined && errorId(f)].filter(Boolean).join(' ') ||
    undefined;
  const fieldError = (f: Field) =>
    serverErrors[f] === undefined ? null : (
      <p id={errorId(f)} className="field-error">
        {serverErrors[f]}
      </p>
    );

  const alertMessage = problem?.message ?? null;
  const chosenDate = parseIsoDate(data.datum);
  const categoryLabel = categories.find((c) => c.key === data.categorie)?.label ?? data.categorie;
  const slot = TIME_SLOTS.find((s) => s.value === data.tijd);

  let body: ReactNode;
  switch (step) {
    case 1:
      body = (
        <fieldset className="choice-group">
          <legend className="form-label">Welke klus wilt u laten doen?</legend>
          <div className="choice-list">
            {categories.map((category) => {
              const info = SERVICE_CATEGORIES.find((c) => c.key === category.key);
              const inputId = `${ID}-categorie-${category.key}`;
              return (
                <div key={category.key} className="choice-card">
                  <input
                    type="radio"
                    id={inputId}
                    name="categorie"
                    value={category.key}
                    checked={data.categorie === category.key}
                    onChange={() => update('categorie', category.key)}
                    aria-invalid={invalid('categorie')}
                    aria-describedby={describedBy('categorie', info !== undefined && `${inputId}-uitleg`)}
                  />
                  <label htmlFor={inputId}>
                    <span className="choice-title">{category.label}</span>
                    {info !== undefined && (
                      <span id={`${inputId}-uitleg`} className="choice-text">
                        {info.short}
                      </span>
                    )}
                  </label>
                </div>
              );
            })}
          </div>
          {fieldError('categorie')}
        </fieldset>
      );
      break;
    case 2:
      body = (
        <div className="form-field">
          <label className="form-label" htmlFor={`${ID}-beschrijving`}>
            Wat moet er gebeuren?
          </label>
          <p id={`${ID}-beschrijving-hint`} className="form-hint">
            Bijvoorbeeld: twee schilderijen ophangen in de woonkamer en een gordijnrail in de slaapkamer.
          </p>
          <textarea
            id={`${ID}-beschrijving`}
            name="beschrijving"
            className="form-input form-textarea"
            rows={5}
            maxLength={MAX_BESCHRIJVING}
            required
            value={data.beschrijving}
            onChange={(e) => update('beschrijving', e.target.value)}
            aria-invalid={invalid('beschrijving')}
            aria-describedby={describedBy('beschrijving', `${ID}-beschrijving-hint`, `${ID}-beschrijving-teller`)}
          />
          <p id={`${ID}-beschrijving-teller`} className="char-counter">
            {counterText(data.beschrijving)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {data.beschrijving.length >= MAX_BESCHRIJVING ? `U heeft het maximum van ${MAX_BESCHRIJVING} tekens bereikt.` : ''}
          </p>
          {fieldError('beschrijving')}
        </div>
      );
      break;
    case 3:
      body = (
        <>
          <div className="form-field">
            <p id={`${ID}-datum-label`} className="form-label">
              Datum
            </p>
            <p id={`${ID}-datum-hint`} className="form-hint">
              Kies een dag vanaf vandaag. Met de pijltjestoetsen gaat u van dag naar dag, met Page Up en Page Down van
              maand naar maand.
            </p>
            <Calendar
              value={data.datum}
              onChange={(iso) => update('datum', iso)}
              today={today}
              labelledBy={`${ID}-datum-label`}
              describedBy={describedBy('datum', `${ID}-datum-gekozen`)}
            />
            <p id={`${ID}-datum-gekozen`} className="chosen-date" aria-live="polite">
              {chosenDate === null ? 'Nog geen datum gekozen.' : `Gekozen datum: ${formatLongDate(chosenDate)}`}
            </p>
            {fieldError('datum')}
          </div>
          <fieldset className="choice-group">
            <legend className="form-label">Tijdstip</legend>
            <div className="choice-list choice-list-row">
              {TIME_SLOTS.map((s) => {
                const inputId = `${ID}-tijd-${s.value}`;
                return (
                  <div key={s.value} className="choice-card">
                    <input
                      type="radio"
                      id={inputId}
                      name="tijd"
                      value={s.value}
                      checked={data.tijd === s.value}
                      onChange={() => update('tijd', s.value)}
                      aria-invalid={invalid('tijd')}
                      aria-describedby={describedBy('tijd')}
                    />
                    <label htmlFor={inputId}>
                      <span className="choice-title">
                        {s.label} ({s.hours})
                      </span>
                    </label>
                  </div>
                );
              })}
            </div>
            {fieldError('tijd')}
          </fieldset>
        </>
      );
      break;
    case 4:
      body = (
        <>
          <section className="wizard-summary" aria-labelledby={`${ID}-samenvatting`}>
            <h3 id={`${ID}-samenvatting`}>Uw klus</h3>
            <dl>
              <div>
                <dt>Soort klus</dt>
                <dd>{categoryLabel}</dd>
              </div>
              <div>
                <dt>Omschrijving</dt>
                <dd>{data.beschrijving}</dd>
              </div>
              <div>
                <dt>Wanneer</dt>
                <dd>
                  {chosenDate === null ? '' : formatLongDate(chosenDate)}
                  {slot === undefined ? '' : `, ${slot.label.toLowerCase()} (${slot.hours})`}
                </dd>
              </div>
            </dl>
          </section>
          <p className="form-hint">Alle velden zijn verplicht, behalve uw e-mailadres.</p>
          <TextField id="naam" label="Naam" autoComplete="name" required {...fieldProps('naam')} />
          <TextField id="telefoon" label="Telefoonnummer" type="tel" autoComplete="tel" required {...fieldProps('telefoon')} />
          <TextField
            id="email"
            label="E-mailadres (niet verplicht)"
            type="email"
            autoComplete="email"
            hint="Vult u uw e-mailadres in, dan ontvangt u een bevestiging per e-mail."
            {...fieldProps('email')}
          />
          <TextField id="adres" label="Adres (straat en huisnummer)" autoComplete="street-address" required {...fieldProps('adres')} />
          <TextField
            id="postcode"
            label="Postcode"
            autoComplete="postal-code"
            required
            className="form-input form-input-short"
            hint="Bijvoorbeeld 2271 AB"
            {...fieldProps('postcode')}
          />
          <div className="form-field">
            <label className="form-label" htmlFor={`${ID}-woonplaats`}>
              Woonplaats
            </label>
            {towns === 'error' ? (
              <input
                id={`${ID}-woonplaats`}
                name="woonplaats"
                className="form-input"
                autoComplete="address-level2"
                required
                value={data.woonplaats}
                onChange={(e) => update('woonplaats', e.target.value)}
                aria-invalid={invalid('woonplaats')}
                aria-describedby={describedBy('woonplaats')}
              />
            ) : (
              <select
                id={`${ID}-woonplaats`}
                name="woonplaats"
                className="form-input"
                autoComplete="address-level2"
                required
                value={data.woonplaats}
                onChange={(e) => update('woonplaats', e.target.value)}
                aria-invalid={invalid('woonplaats')}
                aria-describedby={describedBy('woonplaats')}
              >
                <option value="">{towns === 'loading' ? 'Woonplaatsen worden geladen…' : 'Kies uw woonplaats'}</option>
                {towns !== 'loading' &&
                  towns.map((town) => (
                    <option key={town.woonplaats} value={town.naam}>
                      {town.naam}
                    </option>
                  ))}
                {towns !== 'loading' && data.woonplaats !== '' && !towns.some((t) => t.naam === data.woonplaats) && (
                  <option value={data.woonplaats}>{data.woonplaats}</option>
                )}
              </select>
            )}
            {fieldError('woonplaats')}
          </div>
          <fieldset className="choice-group">
            <legend className="form-label">Hoe wilt u dat wij contact opnemen?</legend>
            <div className="choice-list choice-list-row">
              {(
                [
                  ['bellen', 'Bellen'],
                  ['whatsapp', 'WhatsApp'],
                ] as const
              ).map(([value, label]) => (
                <div key={value} className="choice-card">
                  <input
                    type="radio"
                    id={`${ID}-contact-${value}`}
                    name="contact_voorkeur"
                    value={value}
                    checked={data.contact_voorkeur === value}
                    onChange={() => update('contact_voorkeur', value)}
                    aria-invalid={invalid('contact_voorkeur')}
                    aria-describedby={describedBy('contact_voorkeur')}
                  />
                  <label htmlFor={`${ID}-contact-${value}`}>
                    <span className="choice-title">{label}</span>
                  </label>
                </div>
              ))}
            </div>
            {fieldError('contact_voorkeur')}
          </fieldset>
        </>
      );
      break;
  }

  function fieldProps(f: (typeof REQUIRED_CONTACT)[number] | 'email') {
    return {
      value: data[f],
      onChange: (value: string) => update(f, value),
      invalid: invalid(f),
      describedBy: (extra?: string) => describedBy(f, extra),
      error: fieldError(f),
    };
  }

  return (
    <div className="container wizard-page">
      <h1>Vraag een klusser aan</h1>
      <p className="lead">
        In 4 korte stappen vraagt u uw klus aan. Wij nemen binnen 24 uur contact met u op. Liever telefonisch? Bel{' '}
        <a href={telHref(phone)} className="nowrap">
          {phone}
        </a>
        .
      </p>

      <ol className="wizard-steps" aria-label="Stappen van de aanvraag">
        {STEPS.map((n) => (
          <li key={n} className={n < step ? 'is-done' : n === step ? 'is-current' : undefined} aria-current={n === step ? 'step' : undefined}>
            <span className="wizard-step-number" aria-hidden="true">
              {n}
            </span>
            <span className="wizard-step-name">
              <span className="visually-hidden">Stap {n}: </span>
              {STEP_NAMES[n]}
              {n < step && <span className="visually-hidden"> (klaar)</span>}
            </span>
          </li>
        ))}
      </ol>

      <form ref={formRef} className="wizard-form" noValidate onSubmit={onSubmit} aria-labelledby={`${ID}-stap-titel`}>
        <h2 id={`${ID}-stap-titel`} ref={headingRef} tabIndex={-1} className="wizard-step-title">
          Stap {step} van {STEP_COUNT}: {STEP_NAMES[step]}
        </h2>

        {(alertMessage !== null || submitError !== null) && (
          <div id={ALERT_ID} className="form-alert" role="alert">
            <p>{alertMessage ?? submitError?.message}</p>
            {alertMessage === null && submitError?.detail !== undefined && <p>{submitError.detail}</p>}
          </div>
        )}

        {body}

        <Honeypot value={data.website} onChange={(v) => update('website', v)} />

        <div className="wizard-actions">
          {step > 1 && (
            <button type="button" className="button button-secondary" onClick={previous}>
              <span aria-hidden="true">←</span> Vorige
            </button>
          )}
          {step < STEP_COUNT ? (
            <button type="submit" className="button button-primary">
              Volgende <span aria-hidden="true">→</span>
            </button>
          ) : (
            <button type="submit" className="button button-accent" disabled={sending}>
              {sending ? MSG.sending : MSG.send}
            </button>
          )}
        </div>
      </form>

      {done !== null && (
        <Dialog title={MSG.received} onClose={() => navigate('/')}>
          <p>Bedankt voor uw aanvraag. Wij nemen binnen 24 uur contact met u op.</p>
          {done.emailGiven && <p>{MSG.emailConfirmation}</p>}
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={() => navigate('/')}>
              Naar de homepagina
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

interface TextFieldProps {
  id: Field;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean | undefined;
  describedBy: (extra?: string) => string | undefined;
  error: ReactNode;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

function TextField({ id, label, value, onChange, invalid, describedBy, error, type = 'text', autoComplete, required, hint, className }: TextFieldProps) {
  const inputId = `${ID}-${id}`;
  const hintId = hint === undefined ? undefined : `${inputId}-hint`;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={inputId}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        name={id}
        type={type}
        className={className ?? 'form-input'}
        autoComplete={autoComplete}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy(hintId)}
      />
      {error}
    </div>
  );
}
