import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { submitAanmelding } from '../api/public';
import { CardList } from '../components/CardList';
import { Honeypot } from '../components/Honeypot';
import { PageIntro } from '../components/PageIntro';
import { PageSection } from '../components/PageSection';
import { TextField, type TextFieldProps } from '../components/TextField';
import { failureLines, useFieldErrors, useFocusAfterRender } from '../components/useFieldErrors';
import { useConfig } from '@klusmaat/shared-ui/config';
import { useHydrated } from '../useHydrated';
import { usePageTitle } from '../usePageTitle';
import {
  ageError,
  BESCHIKBAARHEID_DAGEN,
  checkAanmelding,
  emptyAanmelding,
  FIELD_ORDER,
  MIN_AGE,
  MSG,
  REDIRECT_MS,
  REQUIRED,
  toAanmeldingPayload,
  type AanmeldingForm,
  type FormField,
  type FormProblem,
} from './aanmelding/logic';
import '../styles/forms.css';
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

/** The yes/no questions under 'Verder'. */
const CHECKS: readonly (readonly ['heeft_vog' | 'heeft_vervoer', string])[] = [
  ['heeft_vog', 'Ik heb een geldige VOG (Verklaring Omtrent het Gedrag)'],
  ['heeft_vervoer', 'Ik heb eigen vervoer'],
];

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
  const [failure, setFailure] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const errors = useFieldErrors<FormField>(ID, ALERT_ID, problem?.fields);
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);

  const focusAfterRender = useFocusAfterRender<FormField | 'submit' | 'ontvangen'>((target) => {
    if (target === 'submit') return formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (target === 'ontvangen') return document.getElementById(`${ID}-ontvangen`);
    if (target === 'beschikbaarheid') return formRef.current?.querySelector<HTMLElement>('input[name="beschikbaarheid"]');
    return document.getElementById(`${ID}-${target}`);
  });

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

  const update = (next: AanmeldingForm, field: FormField) => {
    setForm(next);
    errors.clearServerError(field);
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
      const first = found.fields[0];
      if (first !== undefined) focusAfterRender(first);
      return;
    }
    // Under 65: the same field message under leeftijd as the server gives.
    const tooYoung = ageError(form);
    if (tooYoung !== null) {
      errors.showServerErrors({ leeftijd: tooYoung }, FIELD_ORDER);
      focusAfterRender('leeftijd');
      return;
    }
    errors.clearServerErrors();
    setSending(true);
    const result = await submitAanmelding(toAanmeldingPayload(form));
    if (!mounted.current) return;
    setSending(false);
    if (result.kind === 'ok') {
      setSent(true);
      focusAfterRender('ontvangen');
      return;
    }
    if (result.kind === 'invalid') {
      const fields = errors.showServerErrors(result.fields, FIELD_ORDER);
      setFailure([MSG.failed]);
      focusAfterRender(fields[0] ?? 'submit');
      return;
    }
    setFailure(failureLines(result, MSG.failed));
    focusAfterRender('submit');
  };

  const { invalid, describedBy, fieldError, wiring } = errors;
  const label = (text: string, f: FormField) => (
    <>
      {text}
      {REQUIRED.includes(f) && <span className="required-marker"> (verplicht)</span>}
    </>
  );

  const textField = (
    f: TextFieldName,
    text: string,
    props: Pick<TextFieldProps, 'type' | 'autoComplete' | 'hint' | 'multiline' | 'className' | 'min'> = {},
  ) => (
    <TextField
      {...wiring(f)}
      {...props}
      label={label(text, f)}
      value={form[f]}
      onChange={(value) => setText(f, value)}
      required={REQUIRED.includes(f)}
      maxLength={props.multiline ? 2000 : undefined}
    />
  );

  return (
    <>
      <PageIntro id="word-klusser-titel" title={<>Word klusser bij {brand}</>}>
        <p className="lead">
          Bent u 65 jaar of ouder, handig en wilt u graag iets betekenen voor mensen in uw buurt? Dan zoeken wij u!
        </p>
      </PageIntro>

      <div className="container section">
        <section className="login-card" aria-labelledby="al-klusser-titel">
          <h2 id="al-klusser-titel">Bent u al klusser bij {brand}?</h2>
          <p>Log in op het Klusser Portaal voor uw klussen, agenda, werkbonnen en verdiensten.</p>
          <Link to="/auth" className="button button-primary">
            Inloggen als klusser
          </Link>
        </section>
      </div>

      <PageSection id="voordelen-titel" title="Wat het u brengt" band="section section-soft">
        <CardList items={BENEFITS} />
      </PageSection>

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
              {textField('adres', 'Adres', { autoComplete: 'address-line1' })}
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
                {BESCHIKBAARHEID_DAGEN.map((day) => (
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
                {CHECKS.map(([field, label]) => (
                  <label key={field} className="check-card">
                    <input
                      id={`${ID}-${field}`}
                      type="checkbox"
                      name={field}
                      checked={form[field]}
                      onChange={(e) => update({ ...form, [field]: e.target.checked }, field)}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>

            <Honeypot value={form.website} onChange={(website) => setForm({ ...form, website })} />

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
