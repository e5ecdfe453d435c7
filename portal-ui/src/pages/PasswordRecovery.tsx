import { useId } from 'react';
import { Link } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { AuthField, ShowPasswordButton } from '../auth/AuthField';
import { RecoveryStepForm } from '../auth/RecoveryStepForm';
import { usePasswordRecovery, type RecoveryStep } from '../auth/usePasswordRecovery';
import { usePageTitle } from '../usePageTitle';
import '../auth/auth.css';

const HEADINGS: Record<RecoveryStep, string> = {
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
  const recovery = usePasswordRecovery();

  const errorId = `${id}-fout`;
  const hintId = (field: string) => `${id}-${field}-uitleg`;
  // The step's field: described by the step's hint and by the error of the last try.
  const fieldProps = (field: string) => ({
    id: `${id}-${field}`,
    inputRef: recovery.fieldRef,
    'aria-invalid': recovery.error !== null || undefined,
    'aria-describedby': [hintId(field), recovery.error === null ? '' : errorId].filter(Boolean).join(' '),
  });
  const stepForm = { errorId, error: recovery.error, busy: recovery.busy };

  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby={`${id}-titel`}>
        <h1 id={`${id}-titel`}>Wachtwoord vergeten</h1>
        <h2 ref={recovery.headingRef} tabIndex={-1}>
          {HEADINGS[recovery.step]}
        </h2>

        {recovery.step === 'email' && (
          <RecoveryStepForm
            {...stepForm}
            hintId={hintId('email')}
            onSubmit={recovery.onEmail}
            hint="Vul het e-mailadres in waarmee u inlogt. U ontvangt dan een e-mail met een code om een nieuw wachtwoord te kiezen."
            submitLabel="Code versturen"
          >
            <AuthField
              {...fieldProps('email')}
              label={TEXTS.emailLabel}
              type="email"
              name="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              value={recovery.email}
              onChange={(e) => recovery.setEmail(e.target.value)}
            />
          </RecoveryStepForm>
        )}

        {recovery.step === 'code' && (
          <RecoveryStepForm
            {...stepForm}
            hintId={hintId('code')}
            onSubmit={recovery.onCode}
            info={recovery.info}
            hint="Vul de code uit de e-mail hieronder in. Geen e-mail ontvangen? Kijk ook bij uw ongewenste e-mail, of vraag een nieuwe code aan."
            submitLabel="Code controleren"
            links={
              <p className="form-links">
                <button type="button" className="link-button" onClick={recovery.newCode}>
                  Nieuwe code sturen
                </button>
                <button type="button" className="link-button" onClick={recovery.otherEmail}>
                  Ander e-mailadres gebruiken
                </button>
              </p>
            }
          >
            <AuthField
              {...fieldProps('code')}
              label="Code uit de e-mail"
              className="form-input form-input-code"
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={recovery.code}
              onChange={(e) => recovery.setCode(e.target.value)}
            />
          </RecoveryStepForm>
        )}

        {recovery.step === 'password' && (
          <RecoveryStepForm
            {...stepForm}
            hintId={hintId('wachtwoord')}
            onSubmit={recovery.onPassword}
            hint="Kies een lang wachtwoord, bijvoorbeeld een paar woorden achter elkaar: dat is goed te onthouden en moeilijk te raden."
            submitLabel="Wachtwoord opslaan"
          >
            <AuthField
              {...fieldProps('wachtwoord')}
              label="Nieuw wachtwoord"
              type={recovery.showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="new-password"
              value={recovery.password}
              onChange={(e) => recovery.setPassword(e.target.value)}
            >
              <ShowPasswordButton shown={recovery.showPassword} onToggle={() => recovery.setShowPassword((shown) => !shown)} />
            </AuthField>
          </RecoveryStepForm>
        )}

        {recovery.step === 'done' && (
          <div className="auth-form">
            <p className="form-success" role="status">
              Uw nieuwe wachtwoord is opgeslagen. U bent nu ingelogd.
            </p>
            <p>
              {/* A full page load: the destination may be the console, which is the other app. */}
              <a href={recovery.destination} className="button button-primary">
                Verder
              </a>
            </p>
          </div>
        )}

        {recovery.step !== 'done' && (
          <p className="form-links">
            <Link to={PATHS.klusserLogin}>Terug naar Klusser Login</Link>
            <a href={PATHS.consoleLogin}>Terug naar Admin &amp; Franchise login</a>
          </p>
        )}
      </section>
    </div>
  );
}
