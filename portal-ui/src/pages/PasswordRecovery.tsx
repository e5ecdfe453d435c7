import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { usePageTitle } from '../usePageTitle';
import type { KratosFlow } from '@klusmaat/shared-ui/auth/kratos';
import {
  destinationAfterRecovery,
  loadRecoveryFlow,
  loadSettingsFlow,
  RECOVERY_TEXTS,
  saveNewPassword,
  sendRecoveryCode,
  startRecovery,
  verifyRecoveryCode,
} from '../auth/recovery';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import '../auth/auth.css';

type Step = 'email' | 'code' | 'password' | 'done';

const HEADINGS: Record<Step, string> = {
  email: 'Stap 1: uw e-mailadres',
  code: 'Stap 2: code uit de e-mail',
  password: 'Stap 3: nieuw wachtwoord',
  done: 'Uw wachtwoord is gewijzigd',
};

/**
 * Password recovery (/wachtwoord-vergeten), linked as 'Wachtwoord vergeten?' from every login
 * page: e-mail address, the code from the e-mail, a new password. Kratos's recovery flow with the
 * code method, then its settings flow (see auth/recovery.ts).
 */
export default function PasswordRecovery() {
  const { brand } = useConfig();
  usePageTitle(`Wachtwoord vergeten – ${brand}`);
  const id = useId();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>('email');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [destination, setDestination] = useState<string>(PATHS.portals);
  const recoveryFlow = useRef<KratosFlow | null>(null);
  const settingsFlow = useRef<KratosFlow | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const firstStep = useRef(true);

  // Each new step: move focus to its heading, so that screen readers start reading there.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (error !== null) fieldRef.current?.focus();
  }, [error]);

  // Arriving from the link in the e-mail (?flow=...): continue that flow.
  const flowParam = params.get('flow');
  useEffect(() => {
    if (flowParam === null) return;
    let cancelled = false;
    void (async () => {
      setBusy(true);
      const recovery = await loadRecoveryFlow(flowParam);
      if (cancelled) return;
      if (recovery.kind === 'ok') {
        recoveryFlow.current = recovery.flow;
        if (recovery.flow.state === 'sent_email') setStep('code');
      } else {
        // Kratos may also send the browser here with the settings flow for the new password.
        const settings = await loadSettingsFlow(flowParam);
        if (cancelled) return;
        if (settings.kind === 'ok') {
          settingsFlow.current = settings.flow;
          setStep('password');
        }
      }
      setBusy(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [flowParam]);

  const run = async (task: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await task();
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () =>
    run(async () => {
      let flow = recoveryFlow.current;
      if (flow === null || step === 'email') {
        const started = await startRecovery();
        if (started.kind === 'error') {
          setError(started.message);
          return;
        }
        flow = started.flow;
      }
      const sent = await sendRecoveryCode(flow, email);
      if (sent.kind === 'error') {
        if (sent.flow !== undefined) recoveryFlow.current = sent.flow;
        setError(sent.message);
        return;
      }
      recoveryFlow.current = sent.flow;
      setInfo(`Als ${email.trim()} bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een code.`);
      setCode('');
      setStep('code');
    });

  const onEmail = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setError(RECOVERY_TEXTS.missingEmail);
      return;
    }
    void sendCode();
  };

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(RECOVERY_TEXTS.missingCode);
      return;
    }
    void run(async () => {
      const flow = recoveryFlow.current;
      if (flow === null) {
        setStep('email');
        setError(RECOVERY_TEXTS.restart);
        return;
      }
      const verified = await verifyRecoveryCode(flow, code);
      if (verified.kind === 'error') {
        if (verified.flow !== undefined) recoveryFlow.current = verified.flow;
        setError(verified.message);
        return;
      }
      const loaded = await loadSettingsFlow(verified.settingsFlowId);
      if (loaded.kind === 'error') {
        setError(loaded.message);
        return;
      }
      settingsFlow.current = loaded.flow;
      setInfo(null);
      setStep('password');
    });
  };

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(RECOVERY_TEXTS.missingPassword);
      return;
    }
    void run(async () => {
      const flow = settingsFlow.current;
      if (flow === null) {
        setStep('email');
        setError(RECOVERY_TEXTS.restart);
        return;
      }
      const saved = await saveNewPassword(flow, password);
      if (saved.kind === 'error') {
        if (saved.flow !== undefined) settingsFlow.current = saved.flow;
        setError(saved.message);
        return;
      }
      setPassword('');
      setDestination(await destinationAfterRecovery());
      setStep('done');
    });
  };

  const errorId = `${id}-fout`;
  const describedBy = (hintId: string) => [hintId, error === null ? '' : errorId].filter(Boolean).join(' ');
  const alert =
    error === null ? null : (
      <p id={errorId} className="form-alert" role="alert">
        {error}
      </p>
    );
  const status = (
    <p className="form-status" role="status">
      {busy ? 'Even geduld…' : ''}
    </p>
  );
  const submit = (label: string) => (
    <div className="form-actions">
      <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
        {label}
      </button>
    </div>
  );

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby={`${id}-titel`}>
        <h1 id={`${id}-titel`}>Wachtwoord vergeten</h1>
        <h2 ref={headingRef} tabIndex={-1}>
          {HEADINGS[step]}
        </h2>

        {step === 'email' && (
          <form className="auth-form" noValidate onSubmit={onEmail}>
            <p id={`${id}-email-uitleg`} className="form-hint">
              Vul het e-mailadres in waarmee u inlogt. U ontvangt dan een e-mail met een code om een nieuw wachtwoord te
              kiezen.
            </p>
            {alert}
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-email`}>
                {TEXTS.emailLabel}
              </label>
              <input
                ref={fieldRef}
                id={`${id}-email`}
                className="form-input"
                type="email"
                name="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="off"
                spellCheck={false}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error !== null || undefined}
                aria-describedby={describedBy(`${id}-email-uitleg`)}
              />
            </div>
            {submit('Code versturen')}
            {status}
          </form>
        )}

        {step === 'code' && (
          <form className="auth-form" noValidate onSubmit={onCode}>
            {info !== null && <p className="form-success">{info}</p>}
            <p id={`${id}-code-uitleg`} className="form-hint">
              Vul de code uit de e-mail hieronder in. Geen e-mail ontvangen? Kijk ook bij uw ongewenste e-mail, of vraag
              een nieuwe code aan.
            </p>
            {alert}
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-code`}>
                Code uit de e-mail
              </label>
              <input
                ref={fieldRef}
                id={`${id}-code`}
                className="form-input form-input-code"
                type="text"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error !== null || undefined}
                aria-describedby={describedBy(`${id}-code-uitleg`)}
              />
            </div>
            {submit('Code controleren')}
            {status}
            <p className="form-links">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  if (email.trim() === '') setStep('email');
                  else void sendCode();
                }}
              >
                Nieuwe code sturen
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setError(null);
                  setInfo(null);
                  setStep('email');
                }}
              >
                Ander e-mailadres gebruiken
              </button>
            </p>
          </form>
        )}

        {step === 'password' && (
          <form className="auth-form" noValidate onSubmit={onPassword}>
            <p id={`${id}-wachtwoord-uitleg`} className="form-hint">
              Kies een lang wachtwoord, bijvoorbeeld een paar woorden achter elkaar: dat is goed te onthouden en moeilijk
              te raden.
            </p>
            {alert}
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-wachtwoord`}>
                Nieuw wachtwoord
              </label>
              <input
                ref={fieldRef}
                id={`${id}-wachtwoord`}
                className="form-input"
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error !== null || undefined}
                aria-describedby={describedBy(`${id}-wachtwoord-uitleg`)}
              />
              <button type="button" className="link-button" onClick={() => setShowPassword((shown) => !shown)}>
                {showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
              </button>
            </div>
            {submit('Wachtwoord opslaan')}
            {status}
          </form>
        )}

        {step === 'done' && (
          <div className="auth-form">
            <p className="form-success" role="status">
              Uw nieuwe wachtwoord is opgeslagen. U bent nu ingelogd.
            </p>
            <p>
              {/* A full page load: the destination may be the console, which is the other app. */}
              <a href={destination} className="button button-primary">
                Verder
              </a>
            </p>
          </div>
        )}

        {step !== 'done' && (
          <p className="form-links">
            <Link to={PATHS.klusserLogin}>Terug naar Klusser Login</Link>
            <a href={PATHS.consoleLogin}>Terug naar Admin &amp; Franchise login</a>
          </p>
        )}
      </section>
    </div>
  );
}
