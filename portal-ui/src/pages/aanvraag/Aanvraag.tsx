import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { Honeypot } from '../../components/Honeypot';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../../usePageTitle';
import { MSG, STEP_COUNT, STEP_NAMES, STEPS } from './logic';
import { SoortKlus } from './steps/SoortKlus';
import { loadedLaterSteps, loadLaterSteps, type LaterSteps } from './laterStepsLoader';
import { ALERT_ID, ID, type StepProps } from './steps/stepProps';
import { useAanvraagWizard } from './useAanvraagWizard';
import '../../styles/forms.css';
import './Aanvraag.css';

/** One of steps 2 to 4: at once when they are loaded, else once they arrive. */
function LaterStep({ render }: { render: (steps: LaterSteps) => ReactNode }) {
  const [steps, setSteps] = useState(loadedLaterSteps);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (steps !== undefined) return;
    let live = true;
    void loadLaterSteps().then(
      (loaded) => {
        if (live) setSteps(loaded);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [steps, attempt]);

  if (steps !== undefined) return render(steps);
  if (failed) {
    return (
      <div className="form-alert" role="alert">
        <p>Deze stap kon niet worden geladen. Controleer uw internetverbinding.</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Opnieuw proberen
        </button>
      </div>
    );
  }
  return (
    <p className="wizard-step-loading" role="status">
      Even geduld, deze stap wordt geladen…
    </p>
  );
}

/**
 * Request wizard (/aanvraag): four steps, then the success dialog (spec sections 2, 5, 7-9).
 * The state lives in useAanvraagWizard, each step's fields in steps/. The page is prerendered
 * with its first step; steps 2 to 4 load right after it runs (laterSteps.ts).
 */
export default function Aanvraag() {
  const { brand, phone } = useConfig();
  const wizard = useAanvraagWizard();
  const { step, data, update, errors, categories, towns, today, alert, sending, done } = wizard;

  usePageTitle(`Klus aanvragen (stap ${step} van ${STEP_COUNT}) – ${brand}`);

  // The later steps load while the visitor chooses the kind of job.
  useEffect(() => {
    void loadLaterSteps().catch(() => {
      // Tried again when the visitor moves on; the step then says it could not load.
    });
  }, []);

  const fields: StepProps = { data, update, errors };
  const body: Record<typeof step, ReactNode> = {
    1: <SoortKlus {...fields} categories={categories} />,
    2: <LaterStep render={({ Omschrijving }) => <Omschrijving {...fields} />} />,
    3: <LaterStep render={({ DatumEnTijd }) => <DatumEnTijd {...fields} today={today} />} />,
    4: <LaterStep render={({ UwGegevens }) => <UwGegevens {...fields} categories={categories} towns={towns} />} />,
  };

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

      <form ref={wizard.formRef} className="wizard-form" noValidate onSubmit={wizard.onSubmit} aria-labelledby={`${ID}-stap-titel`}>
        <h2 id={`${ID}-stap-titel`} ref={wizard.headingRef} tabIndex={-1} className="wizard-step-title">
          Stap {step} van {STEP_COUNT}: {STEP_NAMES[step]}
        </h2>

        {alert !== null && (
          <div id={ALERT_ID} className="form-alert" role="alert">
            {alert.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}

        {body[step]}

        <Honeypot value={data.website} onChange={(v) => update('website', v)} />

        <div className="wizard-actions">
          {step > 1 && (
            <button type="button" className="button button-secondary" onClick={wizard.previous}>
              <span aria-hidden="true">←</span> Vorige
            </button>
          )}
          {step < STEP_COUNT ? (
            // Disabled while the page is still its prerendered HTML: a click then would send the
            // form natively (a GET with the answers in the address).
            <button type="submit" className="button button-primary" disabled={!wizard.hydrated}>
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
        <Dialog title={MSG.received} onClose={wizard.goHome}>
          <p>Bedankt voor uw aanvraag. Wij nemen binnen 24 uur contact met u op.</p>
          {done.emailGiven && <p>{MSG.emailConfirmation}</p>}
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={wizard.goHome}>
              Naar de homepagina
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
