import { Link } from 'react-router';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import type { SignInController } from '@klusmaat/shared-ui/auth/useSignIn';
import { useSignInForm } from '@klusmaat/shared-ui/auth/useSignInForm';
import { AuthField, ShowPasswordButton, SubmitWithStatus } from './AuthField';

interface SignInFormProps {
  controller: SignInController;
  /** A message of the page itself (e.g. "Je bent admin of franchise ..."), shown as an alert. */
  notice?: string | null;
  /** Called before each submission, so that the page can clear its notice. */
  onSubmitStart?: () => void;
}

/**
 * The sign-in form of the portal's login pages: e-mail and password, then (when the account has
 * it) the code from the authenticator app or a recovery code. Labels, errors tied to the fields
 * with aria-describedby, and focus moved to where the user has to act.
 */
export function SignInForm({ controller, notice, onSubmitStart }: SignInFormProps) {
  const form = useSignInForm(controller, { onSubmitStart });
  const { ids, busy, error, invalid, describedBy, refs } = form;

  const alerts = (
    <>
      {notice != null && notice !== '' && (
        <p className="form-alert" role="alert">
          {notice}
        </p>
      )}
      {error !== null && (
        <p id={ids.error} className="form-alert" role="alert">
          {error.message}
        </p>
      )}
    </>
  );

  if (form.step === 'second_factor') {
    const { totp } = form;
    return (
      <form className="auth-form" noValidate onSubmit={form.onCode} aria-labelledby={ids.secondStep}>
        <h2 id={ids.secondStep}>{TEXTS.secondFactorTitle}</h2>
        <p id={ids.codeHint}>{totp ? TEXTS.secondFactorIntro : TEXTS.lookupIntro}</p>
        {alerts}
        <AuthField
          id={ids.code}
          label={totp ? TEXTS.totpLabel : TEXTS.lookupLabel}
          inputRef={refs.code}
          className="form-input form-input-code"
          name={totp ? 'totp_code' : 'lookup_secret'}
          type="text"
          inputMode={totp ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={form.code}
          onChange={(e) => form.setCode(e.target.value)}
          aria-invalid={invalid('code') || undefined}
          aria-describedby={describedBy(ids.codeHint)}
        />
        <SubmitWithStatus label={TEXTS.confirmCodeButton} busy={busy} busyText={TEXTS.signingIn} statusId={ids.status} />
        <p className="form-links">
          <button type="button" className="link-button" onClick={form.toggleCodeMethod}>
            {totp ? TEXTS.useLookupToggle : TEXTS.useTotpToggle}
          </button>
          <button type="button" className="link-button" onClick={form.restart}>
            {TEXTS.otherAccount}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={form.onCredentials}>
      {alerts}
      <AuthField
        id={ids.email}
        label={TEXTS.emailLabel}
        inputRef={refs.email}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
        value={form.email}
        onChange={(e) => form.setEmail(e.target.value)}
        aria-invalid={invalid('email') || undefined}
        aria-describedby={describedBy()}
      />
      <AuthField
        id={ids.password}
        label={TEXTS.passwordLabel}
        inputRef={refs.password}
        name="password"
        type={form.showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
        aria-invalid={invalid('password') || undefined}
        aria-describedby={describedBy()}
      >
        <ShowPasswordButton shown={form.showPassword} onToggle={form.toggleShowPassword} />
      </AuthField>
      <SubmitWithStatus label={TEXTS.signInButton} busy={busy} busyText={TEXTS.signingIn} statusId={ids.status} />
      <p className="form-links">
        <Link to={PATHS.recovery}>{TEXTS.forgotPassword}</Link>
      </p>
    </form>
  );
}
