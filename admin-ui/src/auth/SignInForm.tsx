import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { FieldLabel } from './FieldLabel';
import { PATHS } from '@shared-auth/roles';
import { TEXTS } from '@shared-auth/texts';
import type { SignInController } from '@shared-auth/useSignIn';

interface SignInFormProps {
  controller: SignInController;
  /** A message of the page itself, shown as an alert. */
  notice?: string | null;
  initialEmail?: string;
}

/**
 * The console's sign-in form (MUI): e-mail and password, then the code from the authenticator
 * app or a recovery code (D15). Errors are alerts tied to the fields with aria-describedby;
 * focus moves to the field that needs attention.
 */
export function SignInForm({ controller, notice, initialEmail = '' }: SignInFormProps) {
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

  useEffect(() => {
    if (error === null) return;
    if (error.fields.includes('email')) emailRef.current?.focus();
    else if (error.fields.includes('password')) passwordRef.current?.focus();
    else if (error.fields.includes('code')) codeRef.current?.focus();
  }, [error]);

  useEffect(() => {
    if (step === 'second_factor') {
      setCode('');
      codeRef.current?.focus();
    }
  }, [step, codeMethod]);

  const errorId = `${id}-fout`;
  const describedBy = (...ids: (string | undefined)[]) =>
    [...ids, error === null ? undefined : errorId].filter(Boolean).join(' ') || undefined;
  const invalid = (field: 'email' | 'password' | 'code') => error?.fields.includes(field) ?? false;

  const alerts = (
    <>
      {notice != null && notice !== '' && (
        <Alert severity="error" variant="outlined" role="alert" sx={{ fontWeight: 700 }}>
          {notice}
        </Alert>
      )}
      {error !== null && (
        <Alert id={errorId} severity="error" variant="outlined" role="alert" sx={{ fontWeight: 700 }}>
          {error.message}
        </Alert>
      )}
    </>
  );

  const status = (
    <Typography role="status" sx={{ minHeight: '1.6em', color: 'text.secondary' }}>
      {busy ? TEXTS.signingIn : ''}
    </Typography>
  );

  const submitButton = (label: string) => (
    <Button
      type="submit"
      variant="contained"
      size="large"
      aria-disabled={busy || undefined}
      sx={{ alignSelf: 'flex-start', minWidth: 160, minHeight: 48 }}
    >
      {label}
    </Button>
  );

  if (step === 'second_factor') {
    const totp = codeMethod === 'totp';
    const hintId = `${id}-code-uitleg`;
    const onCode = (event: FormEvent) => {
      event.preventDefault();
      if (!busy) void controller.submitCode(code);
    };
    return (
      <Box component="form" noValidate onSubmit={onCode} aria-labelledby={`${id}-stap2`}>
        <Stack spacing={2.5}>
          <Typography id={`${id}-stap2`} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {TEXTS.secondFactorTitle}
          </Typography>
          <Typography id={hintId}>{totp ? TEXTS.secondFactorIntro : TEXTS.lookupIntro}</Typography>
          {alerts}
          <Box>
            <FieldLabel htmlFor={`${id}-code`}>{totp ? TEXTS.totpLabel : TEXTS.lookupLabel}</FieldLabel>
            <TextField
              variant="outlined"
              id={`${id}-code`}
              name={totp ? 'totp_code' : 'lookup_secret'}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputRef={codeRef}
              error={invalid('code')}
              autoComplete="one-time-code"
              slotProps={{
                htmlInput: {
                  inputMode: totp ? 'numeric' : 'text',
                  autoCapitalize: 'off',
                  spellCheck: false,
                  'aria-describedby': describedBy(hintId),
                  'aria-invalid': invalid('code') || undefined,
                  style: { fontSize: '1.4rem', letterSpacing: '0.15em' },
                },
              }}
              sx={{ maxWidth: 320 }}
            />
          </Box>
          {submitButton(TEXTS.confirmCodeButton)}
          {status}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="text" onClick={controller.toggleCodeMethod} sx={{ textDecoration: 'underline' }}>
              {totp ? TEXTS.useLookupToggle : TEXTS.useTotpToggle}
            </Button>
            <Button variant="text" onClick={controller.restart} sx={{ textDecoration: 'underline' }}>
              {TEXTS.otherAccount}
            </Button>
          </Stack>
        </Stack>
      </Box>
    );
  }

  const onCredentials = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void controller.submitCredentials(email, password);
  };

  return (
    <Box component="form" noValidate onSubmit={onCredentials}>
      <Stack spacing={2.5}>
        {alerts}
        <Box>
          <FieldLabel htmlFor={`${id}-email`}>{TEXTS.emailLabel}</FieldLabel>
          <TextField
            variant="outlined"
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            inputRef={emailRef}
            error={invalid('email')}
            fullWidth
            slotProps={{
              htmlInput: {
                inputMode: 'email',
                autoCapitalize: 'off',
                spellCheck: false,
                'aria-describedby': describedBy(),
                'aria-invalid': invalid('email') || undefined,
              },
            }}
          />
        </Box>
        <Box>
          <FieldLabel htmlFor={`${id}-password`}>{TEXTS.passwordLabel}</FieldLabel>
          <TextField
            variant="outlined"
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            inputRef={passwordRef}
            error={invalid('password')}
            fullWidth
            slotProps={{
              htmlInput: {
                'aria-describedby': describedBy(),
                'aria-invalid': invalid('password') || undefined,
              },
            }}
          />
          {/* A button, not a checkbox: its text must not be a second label containing "Wachtwoord". */}
          <Button variant="text" onClick={() => setShowPassword((shown) => !shown)} sx={{ mt: 0.5, textDecoration: 'underline' }}>
            {showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
          </Button>
        </Box>
        {submitButton(TEXTS.signInButton)}
        {status}
        {/* Recovery lives in the portal (another app): a full page load. */}
        <Link
          href={PATHS.recovery}
          sx={{
            alignSelf: 'flex-start',
            display: 'inline-flex',
            alignItems: 'center',
            minHeight: 44,
            fontWeight: 600,
            fontSize: '1.125rem',
          }}
        >
          {TEXTS.forgotPassword}
        </Link>
      </Stack>
    </Box>
  );
}
