import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PATHS } from './roles';
import { TEXTS } from './texts';
import type { SignInController } from './useSignIn';

interface SignInFormProps {
  controller: SignInController;
  /** A message of the page itself (e.g. "Je bent admin of franchise ..."), shown as an alert. */
  notice?: string | null;
  /** Called before each submission, so that the page can clear its notice. */
  onSubmitStart?: () => void;
  initialEmail?: string;
}

/**
 * The sign-in form of the portal's login pages: e-mail and password, then (when the account has
 * it) the code from the authenticator app or a recovery code. Labels, errors tied to the fields
 * with aria-describedby, and focus moved to where the user has to act.
 */
export function SignInForm({ controller, notice, onSubmitStart, initialEmail = '' }: SignInFormProps) {
  const { step, busy, error, codeMethod } = controller;
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [code, setCode] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (initialEmail !== '') setEmail(initialEmail);
  }, [initialEmail]);

  // Validation errors: focus the first field that needs the user's attention.
  useEffect(() => {
    if (error === null) return;
    if (error.fields.includes('email')) emailRef.current?.focus();
    else if (error.fields.includes('password')) passwordRef.current?.focus();
    else if (error.fields.includes('code')) codeRef.current?.focus();
  }, [error]);

  // The second step appears in place of the first: continue in its code field.
  useEffect(() => {
    if (step === 'second_factor') {
      setCode('');
      codeRef.current?.focus();
    }
  }, [step, codeMethod]);

  const errorId = `${id}-fout`;
  const statusId = `${id}-status`;
  const describedBy = error === null ? undefined : errorId;
  const invalid = (field: 'email' | 'password' | 'code') => (error?.fields.includes(field) ? true : undefined);

  const onCredentials = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmitStart?.();
    void controller.submitCredentials(email, password);
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmitStart?.();
    void controller.submitCode(code);
  };

  const alerts = (
    <>
      {notice != null && notice !== '' && (
        <p className="form-alert" role="alert">
          {notice}
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="form-alert" role="alert">
          {error.message}
        </p>
      )}
    </>
  );

  const status = (
    <p id={statusId} className="form-status" role="status">
      {busy ? TEXTS.signingIn : ''}
    </p>
  );

  if (step === 'second_factor') {
    const totp = codeMethod === 'totp';
    const hintId = `${id}-code-uitleg`;
    return (
      <form className="auth-form" noValidate onSubmit={onCode} aria-labelledby={`${id}-stap2`}>
        <h2 id={`${id}-stap2`}>{TEXTS.secondFactorTitle}</h2>
        <p id={hintId}>{totp ? TEXTS.secondFactorIntro : TEXTS.lookupIntro}</p>
        {alerts}
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-code`}>
            {totp ? TEXTS.totpLabel : TEXTS.lookupLabel}
          </label>
          <input
            ref={codeRef}
            id={`${id}-code`}
            className="form-input form-input-code"
            name={totp ? 'totp_code' : 'lookup_secret'}
            type="text"
            inputMode={totp ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={invalid('code')}
            aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            {TEXTS.confirmCodeButton}
          </button>
        </div>
        {status}
        <p className="form-links">
          <button type="button" className="link-button" onClick={controller.toggleCodeMethod}>
            {totp ? TEXTS.useLookupToggle : TEXTS.useTotpToggle}
          </button>
          <button type="button" className="link-button" onClick={controller.restart}>
            {TEXTS.otherAccount}
          </button>
        </p>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={onCredentials}>
      {alerts}
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-email`}>
          {TEXTS.emailLabel}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          className="form-input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy}
        />
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-password`}>
          {TEXTS.passwordLabel}
        </label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          className="form-input"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={invalid('password')}
          aria-describedby={describedBy}
        />
        {/* A button, not a checkbox: its text must not be a second label containing "Wachtwoord". */}
        <button type="button" className="link-button" onClick={() => setShowPassword((shown) => !shown)}>
          {showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
        </button>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {TEXTS.signInButton}
        </button>
      </div>
      {status}
      <p className="form-links">
        <Link to={PATHS.recovery}>{TEXTS.forgotPassword}</Link>
      </p>
    </form>
  );
}
