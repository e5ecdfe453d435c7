import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { submitAanmelding } from '../api/public';
import { Honeypot } from '../components/Honeypot';
import { useConfig } from '../config';
import { useHydrated } from '../useHydrated';
import { usePageTitle } from '../usePageTitle';
import {
  checkAanmelding,
  emptyAanmelding,
  FIELD_ORDER,
  MIN_AGE,
  MSG,
  REDIRECT_MS,
  REQUIRED,
  toAanmeldingPayload,
  WEEKDAYS,
  type AanmeldingForm,
  type FormField,
  type FormProblem,
} from './aanmelding/logic';
import '../styles/forms.css';
import './Home.css';
import './public.css';

const ID = 'aanmelding';
const ALERT_ID = `${ID}-fout`;

const BENEFITS = [
  { title: 'Zinvol bezig', text: 'U helpt buurtgenoten met klussen die zij zelf niet meer kunnen of durven.' },
  { title: 'Zelf uw tijd indelen', text: 'U kiest zelf op welke dagen u beschikbaar bent. Eén dag per week is genoeg.' },
  { title: 'Een eerlijke beloning', text: 'U verdient € 35 per uur, all-in. Duidelijk en eerlijk.' },
  { title: 'In uw eigen buurt', text: 'U werkt bij mensen in uw eigen omgeving, zonder lange reistijden.' },
] as const;

const REQUIREMENTS = [
  'U bent 65 jaar of ouder',
  'U heeft ervaring met klussen in en om het huis',
  'U heeft een geldige Verklaring Omtrent het Gedrag (VOG)',
  'U heeft eigen vervoer',
  'U bent minimaal 1 dag per week beschikbaar',
] as const;

type TextFieldName = Exclude<FormField, 'beschikbaarheid' | 'heeft_vog' | 'heeft_vervoer'>;

/** Apply as klusser (/word-klusser): info, benefits, requirements, pay and the form (spec section 2). */
export default function WordKlusser() {
  const { brand } = useConfig();
  usePageTitle(
    `Word klusser – ${brand}`,
    'Bent u 65 jaar of ouder en handig? Word klusser en help buurtgenoten met kleine klussen, voor € 35 per uur, all-in.',
  );
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [form, setForm] = useState<AanmeldingForm>(emptyAanmelding);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FormField, string>>>({});
  const [failure, setFailure] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const pendingFocus = useRef<FormField | 'submit' | 'ontvangen' | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a successful application the visitor goes home after 2 s.
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    if (target === 'submit') {
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
      return;
    }
    if (target === 'ontvangen') {
      document.getElementById(`${ID}-ontvangen`)?.focus();
      return;
    }
    const el =
      target === 'beschikbaarheid'
        ? formRef.current?.querySelector<HTMLElement>('input[name="beschikbaarheid"]')
        : document.getElementById(`${ID}-${target}`);
    el?.focus();
  });

  const update = (next: AanmeldingForm, field: FormField) => {
    setForm(next);
    if (serverErrors[field] !== undefined) {
      const { [field]: _removed, ...rest } = serverErrors;
      setServerErrors(rest);
    }
    if (problem !== null) setProblem(checkAanmelding(next));
  };
  const setText = (field: TextFieldName, value: string) => update({ ...form, [field]: value }, field);
  const toggleDay = (day: string, on: boolean) =>
    update(
      {
        ...form,
        beschikbaarheid: on ? [...form.beschikbaarheid, day] : form.beschikbaarheid.filter((d) => d !== day),
      },
      'beschikbaarheid',
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || sent) return;
    const found = checkAanmelding(form);
    setProblem(found);
    setFailure(null);
    if (found !== null) {
      pendingFocus.current = found.fields[0] ?? null;
      return;
    }
    setServerErrors({});
    setSending(true);
    const result = await submitAanmelding(toAanmeldingPayload(form));
    if (!mounted.current) return;
    setSending(false);
    if (result.kind === 'ok') {
      setSent(true);
      pendingFocus.current = 'ontvangen';
      return;
    }
    if (result.kind === 'invalid') {
      const fields = FIELD_ORDER.filter((f) => result.fields[f] !== undefined);
      const messages: Partial<Record<FormField, string>> = {};
      for (const f of fields) messages[f] = result.fields[f];
      setServerErrors(messages);
      setFailure([MSG.failed]);
      pendingFocus.current = fields[0] ?? 'submit';
      return;
    }
    setFailure(result.kind === 'rate_limited' && result.message !== undefined ? [MSG.failed, result.message] : [MSG.failed]);
    pendingFocus.current = 'submit';
  };

  const stepInvalid = (f: FormField) => problem !== null && problem.fields.includes(f);
  const invalid = (f: FormField) => (stepInvalid(f) || serverErrors[f] !== undefined ? true : undefined);
  const describedBy = (f: FormField, ...extra: (string | undefined)[]) =>
    [...extra, stepInvalid(f) ? ALERT_ID : undefined, serverErrors[f] !== undefined ? `${ID}-${f}-fout` : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  const fieldError = (f: FormField): ReactNode =>
    serverErrors[f] === undefined ? null : (
      <p id={`${ID}-${f}-fout`} className="field-error">
        {serverErrors[f]}
      </p>
    );
  const label = (text: string, f: FormField) => (
    <>
      {text}
      {REQUIRED.includes(f) && <span className="required-marker"> (verplicht)</span>}
    </>
  );

  const textField = (
    f: TextFieldName,
    text: string,
    props: { type?: string; autoComplete?: string; hint?: string; multiline?: boolean; className?: string; min?: number } = {},
  ) => {
    const inputId = `${ID}-${f}`;
    const hintId = props.hint === undefined ? undefined : `${inputId}-hint`;
    const common = {
      id: inputId,
      name: f,
      value: form[f],
      required: REQUIRED.includes(f) || undefined,
      'aria-invalid': invalid(f),
      'aria-describedby': describedBy(f, hintId),
    };
    return (
      <div className="form-field">
        <label className="form-label" htmlFor={inputId}>
          {label(text, f)}
        </label>
        {hintId !== undefined && (
          <p id={hintId} className="form-hint">
            {props.hint}
          </p>
        )}
        {props.multiline ? (
          <textarea
            {...common}
            className="form-input form-textarea"
            rows={4}
            maxLength={2000}
            onChange={(e) => setText(f, e.target.value)}
          />
        ) : (
          <input
            {...common}
            type={props.type ?? 'text'}
            min={props.min}
            inputMode={props.type === 'number' ? 'numeric' : undefined}
            autoComplete={props.autoComplete}
            className={props.className ?? 'form-input'}
            onChange={(e) => setText(f, e.target.value)}
          />
        )}
        {fieldError(f)}
      </div>
    );
  };

  return (
    <>
      <section className="page-intro" aria-labelledby="word-klusser-titel">
        <div className="container">
          <h1 id="word-klusser-titel">Word klusser bij {brand}</h1>
          <p className="lead">
            Bent u 65 jaar of ouder, handig en wilt u graag iets betekenen voor mensen in uw buurt? Dan zoeken wij u!
          </p>
        </div>
      </section>

      <div className="container section">
        <section className="login-card" aria-labelledby="al-klusser-titel">
          <h2 id="al-klusser-titel">Bent u al klusser bij {brand}?</h2>
          <p>Log in op het Klusser Portaal voor uw klussen, agenda, werkbonnen en verdiensten.</p>
          <Link to="/auth" className="button button-primary">
            Inloggen als klusser
          </Link>
        </section>
      </div>

      <section className="section section-soft" aria-labelledby="voordelen-titel">
        <div className="container">
          <h2 id="voordelen-titel">Wat het u brengt</h2>
          <ul className="card-grid">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="info-card">
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container section apply-layout">
        <div>
          <section aria-labelledby="eisen-titel">
            <h2 id="eisen-titel">Wat wij vragen</h2>
            <ul className="requirements">
              {REQUIREMENTS.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="beloning-titel" className="section-compact">
            <h2 id="beloning-titel">Wat u verdient</h2>
            <p className="pay">€ 35 per uur, all-in</p>
            <p>Dat is uw vergoeding voor elk gewerkt uur, alles inbegrepen.</p>
          </section>
        </div>

        <section aria-labelledby="formulier-titel">
          <form ref={formRef} className="apply-form" noValidate onSubmit={onSubmit} aria-labelledby="formulier-titel">
            <h2 id="formulier-titel">Meld u aan</h2>
            <p className="form-hint">Velden met (verplicht) moet u invullen.</p>

            <div role="status">
              {sent && (
                <p id={`${ID}-ontvangen`} className="form-success" tabIndex={-1}>
                  {MSG.success}
                </p>
              )}
            </div>
            {problem !== null && (
              <div id={ALERT_ID} className="form-alert" role="alert">
                <p>{problem.message}</p>
              </div>
            )}

            <div className="apply-form-grid">
              {textField('naam', 'Naam', { autoComplete: 'name' })}
              {textField('leeftijd', 'Leeftijd', {
                type: 'number',
                min: MIN_AGE,
                className: 'form-input form-input-short',
                hint: `U bent ${MIN_AGE} jaar of ouder.`,
              })}
              {textField('adres', 'Adres', { autoComplete: 'street-address' })}
              {textField('postcode', 'Postcode', { autoComplete: 'postal-code', className: 'form-input form-input-short' })}
              {textField('woonplaats', 'Woonplaats', { autoComplete: 'address-level2' })}
              {textField('telefoon', 'Telefoonnummer', { type: 'tel', autoComplete: 'tel' })}
              {textField('email', 'E-mailadres', { type: 'email', autoComplete: 'email' })}
            </div>
            {textField('motivatie', 'Waarom wilt u klusser worden?', { multiline: true })}
            {textField('ervaring', 'Welke ervaring heeft u met klussen?', { multiline: true })}

            <fieldset className="choice-group" aria-describedby={describedBy('beschikbaarheid')}>
              <legend className="form-label">
                Op welke dagen bent u beschikbaar?
                <span className="required-marker"> (verplicht, minimaal 1 dag)</span>
              </legend>
              <div className="day-grid">
                {WEEKDAYS.map((day) => (
                  <label key={day} className="check-card">
                    <input
                      type="checkbox"
                      name="beschikbaarheid"
                      value={day}
                      checked={form.beschikbaarheid.includes(day)}
                      onChange={(e) => toggleDay(day, e.target.checked)}
                      aria-invalid={invalid('beschikbaarheid')}
                      aria-describedby={describedBy('beschikbaarheid')}
                    />
                    {day}
                  </label>
                ))}
              </div>
              {fieldError('beschikbaarheid')}
            </fieldset>

            <fieldset className="choice-group">
              <legend className="form-label">Verder</legend>
              <div className="choice-list">
                <label className="check-card">
                  <input
                    id={`${ID}-heeft_vog`}
                    type="checkbox"
                    name="heeft_vog"
                    checked={form.heeft_vog}
                    onChange={(e) => update({ ...form, heeft_vog: e.target.checked }, 'heeft_vog')}
                  />
                  Ik heb een geldige VOG (Verklaring Omtrent het Gedrag)
                </label>
                <label className="check-card">
                  <input
                    id={`${ID}-heeft_vervoer`}
                    type="checkbox"
                    name="heeft_vervoer"
                    checked={form.heeft_vervoer}
                    onChange={(e) => update({ ...form, heeft_vervoer: e.target.checked }, 'heeft_vervoer')}
                  />
                  Ik heb eigen vervoer
                </label>
              </div>
            </fieldset>

            <Honeypot value={form.website} onChange={(v) => update({ ...form, website: v }, 'naam')} />

            {failure !== null && (
              <div className="form-alert" role="alert">
                {failure.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}

            <div className="form-page-actions">
              <button type="submit" className="button button-accent" disabled={!hydrated || sending || sent}>
                {sending ? 'Bezig met versturen...' : 'Aanmelding versturen'}
              </button>
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
