import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  fetchCategories,
  fetchTowns,
  submitAanvraag,
  type AanvraagPayload,
  type Category,
  type ContactVoorkeur,
  type Town,
} from '../../api/public';
import { Dialog } from '../../components/Dialog';
import { Honeypot } from '../../components/Honeypot';
import { RadioCards, type RadioCardOption } from '../../components/RadioCards';
import { TextField } from '../../components/TextField';
import { failureLines, useFieldErrors, useFocusAfterRender } from '../../components/useFieldErrors';
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
const CONTACT_OPTIONS: readonly RadioCardOption<ContactVoorkeur>[] = [
  { value: 'bellen', title: 'Bellen' },
  { value: 'whatsapp', title: 'WhatsApp' },
];

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
  const [submitError, setSubmitError] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ emailGiven: boolean } | null>(null);
  const [categories, setCategories] = useState<Category[]>(() =>
    SERVICE_CATEGORIES.map(({ key, label }) => ({ key, label })),
  );
  const [towns, setTowns] = useState<Town[] | 'loading' | 'error'>('loading');
  const errors = useFieldErrors<Field>(ID, ALERT_ID, problem?.fields);

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);

  usePageTitle(`Klus aanvragen (stap ${step} van ${STEP_COUNT}) – ${brand}`);

  // Focus: the step heading after a step change, the first invalid field after an error.
  const focusAfterRender = useFocusAfterRender<Field | 'heading' | 'submit'>((target) => {
    const form = formRef.current;
    if (target === 'heading') return headingRef.current;
    if (target === 'submit') return form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (target === 'datum') return form?.querySelector<HTMLElement>('.calendar-grid button[tabindex="0"]');
    if (target === 'categorie' || target === 'tijd' || target === 'contact_voorkeur')
      return (
        form?.querySelector<HTMLElement>(`input[name="${target}"]:checked`) ??
        form?.querySelector<HTMLElement>(`input[name="${target}"]`)
      );
    return document.getElementById(`${ID}-${target}`);
  });

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    fetchCategories(undefined, controller.signal)
      .then((items) => {
        if (items.length === 0) return;
        setCategories(items);
        // D9: the categories are data, so ?categorie= is checked against the loaded list.
        const requested = params.get('categorie');
        if (requested === null) return;
        const known = preselectedCategory(params, items.map((c) => c.key));
        setData((current) => {
          if (known !== '') return current.categorie === known ? current : { ...current, categorie: known };
          return current.categorie === requested ? { ...current, categorie: '' } : current;
        });
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
    // The query is read once, like the initial state.
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

  const update = <K extends keyof AanvraagPayload>(field: K, value: AanvraagPayload[K]) => {
    const next = { ...data, [field]: value };
    setData(next);
    errors.clearServerError(field);
    // Once a step showed its message, it follows the visitor's corrections.
    if (problem !== null) setProblem(checkStep(step, next, today));
  };

  const goTo = (target: Step) => {
    setStep(target);
    setProblem(null);
    setSubmitError(null);
    focusAfterRender('heading');
  };

  const next = () => {
    const found = checkStep(step, data, today);
    setProblem(found);
    if (found !== null) {
      focusAfterRender(found.fields[0] ?? 'heading');
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
      focusAfterRender(stepProblem?.fields[0] ?? 'heading');
      return;
    }
    setProblem(null);
    setSubmitError(null);
    errors.clearServerErrors();
    setSending(true);
    const payload = toPayload(data);
    const result = await submitAanvraag(payload);
    if (!mounted.current) return;
    setSending(false);
    if (result.kind === 'ok') {
      // Only the server knows whether a confirmation goes out: it sends none beyond a few per
      // address per hour, and the dialog must not promise one then.
      setDone({ emailGiven: result.body.email_verstuurd });
      return;
    }
    if (result.kind === 'invalid') {
      const fields = errors.showServerErrors(result.fields, STEPS.flatMap((s) => STEP_FIELDS[s]));
      setSubmitError([MSG.failed]);
      const first = fields[0];
      if (first !== undefined) {
        setStep(stepOf(first));
        focusAfterRender(first);
      } else {
        focusAfterRender('submit');
      }
      return;
    }
    setSubmitError(failureLines(result, MSG.failed));
    focusAfterRender('submit');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step < STEP_COUNT) next();
    else void submit();
  };

  const { invalid, describedBy, fieldError, wiring } = errors;

  const alertMessage = problem?.message ?? null;
  const chosenDate = parseIsoDate(data.datum);
  const categoryLabel = categories.find((c) => c.key === data.categorie)?.label ?? data.categorie;
  const slot = TIME_SLOTS.find((s) => s.value === data.tijd);

  let body: ReactNode;
  switch (step) {
    case 1:
      body = (
        <RadioCards
          {...wiring('categorie')}
          legend="Welke klus wilt u laten doen?"
          options={categories.map((category) => ({
            value: category.key,
            title: category.label,
            text: SERVICE_CATEGORIES.find((c) => c.key === category.key)?.short,
          }))}
          value={data.categorie}
          onChange={(key) => update('categorie', key)}
        />
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
          <RadioCards
            {...wiring('tijd')}
            legend="Tijdstip"
            row
            options={TIME_SLOTS.map((s) => ({ value: s.value, title: `${s.label} (${s.hours})` }))}
            value={data.tijd}
            onChange={(tijd) => update('tijd', tijd)}
          />
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
                  {slot === undefined ? '' : `, ${slot.label} (${slot.hours})`}
                </dd>
              </div>
            </dl>
          </section>
          <p className="form-hint">Alle velden zijn verplicht, behalve uw e-mailadres.</p>
          <TextField label="Naam" autoComplete="name" required {...fieldProps('naam')} />
          <TextField label="Telefoonnummer" type="tel" autoComplete="tel" required {...fieldProps('telefoon')} />
          <TextField
            label="E-mailadres (niet verplicht)"
            type="email"
            autoComplete="email"
            hint="Vult u uw e-mailadres in, dan ontvangt u een bevestiging per e-mail."
            {...fieldProps('email')}
          />
          <TextField label="Adres (straat en huisnummer)" autoComplete="street-address" required {...fieldProps('adres')} />
          <TextField
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
          <RadioCards
            {...wiring('contact_voorkeur')}
            id={`${ID}-contact`}
            legend="Hoe wilt u dat wij contact opnemen?"
            row
            options={CONTACT_OPTIONS}
            value={data.contact_voorkeur}
            onChange={(value) => update('contact_voorkeur', value)}
          />
        </>
      );
      break;
  }

  function fieldProps(f: (typeof REQUIRED_CONTACT)[number] | 'email') {
    return { ...wiring(f), value: data[f], onChange: (value: string) => update(f, value) };
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
            {(alertMessage !== null ? [alertMessage] : (submitError ?? [])).map((line) => (
              <p key={line}>{line}</p>
            ))}
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
