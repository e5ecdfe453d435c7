import { Alert, Box, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import type { SignInController } from '@klusmaat/shared-ui/auth/useSignIn';
import { useSignInForm } from '@klusmaat/shared-ui/auth/useSignInForm';
import { FieldLabel } from './FieldLabel';

interface SignInFormProps {
  controller: SignInController;
  /** A known e-mail address (signing in again); may arrive after the first render. */
  initialEmail?: string;
}

/**
 * The console's sign-in form (MUI): e-mail and password, then the code from the authenticator
 * app or a recovery code (D15). Errors are alerts tied to the fields with aria-describedby;
 * focus moves to the field that needs attention.
 */
export function SignInForm({ controller, initialEmail = '' }: SignInFormProps) {
  const form = useSignInForm(controller, { initialEmail });
  const { ids, busy, error, invalid, describedBy, refs } = form;

  const alerts = error !== null && (
    <Alert id={ids.error} severity="error" variant="outlined" role="alert" sx={{ fontWeight: 700 }}>
      {error.message}
    </Alert>
  );

  const status = (
    <Typography id={ids.status} role="status" sx={{ minHeight: '1.6em', color: 'text.secondary' }}>
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

  if (form.step === 'second_factor') {
    const { totp } = form;
    return (
      <Box component="form" noValidate onSubmit={form.onCode} aria-labelledby={ids.secondStep}>
        <Stack spacing={2.5}>
          <Typography id={ids.secondStep} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {TEXTS.secondFactorTitle}
          </Typography>
          <Typography id={ids.codeHint}>{totp ? TEXTS.secondFactorIntro : TEXTS.lookupIntro}</Typography>
          {alerts}
          <Box>
            <FieldLabel htmlFor={ids.code}>{totp ? TEXTS.totpLabel : TEXTS.lookupLabel}</FieldLabel>
            <TextField
              variant="outlined"
              id={ids.code}
              name={totp ? 'totp_code' : 'lookup_secret'}
              value={form.code}
              onChange={(e) => form.setCode(e.target.value)}
              inputRef={refs.code}
              error={invalid('code')}
              autoComplete="one-time-code"
              slotProps={{
                htmlInput: {
                  inputMode: totp ? 'numeric' : 'text',
                  autoCapitalize: 'off',
                  spellCheck: false,
                  'aria-describedby': describedBy(ids.codeHint),
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
            <Button variant="text" onClick={form.toggleCodeMethod} sx={{ textDecoration: 'underline' }}>
              {totp ? TEXTS.useLookupToggle : TEXTS.useTotpToggle}
            </Button>
            <Button variant="text" onClick={form.restart} sx={{ textDecoration: 'underline' }}>
              {TEXTS.otherAccount}
            </Button>
          </Stack>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.onCredentials}>
      <Stack spacing={2.5}>
        {alerts}
        <Box>
          <FieldLabel htmlFor={ids.email}>{TEXTS.emailLabel}</FieldLabel>
          <TextField
            variant="outlined"
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            value={form.email}
            onChange={(e) => form.setEmail(e.target.value)}
            inputRef={refs.email}
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
          <FieldLabel htmlFor={ids.password}>{TEXTS.passwordLabel}</FieldLabel>
          <TextField
            variant="outlined"
            id={ids.password}
            name="password"
            type={form.showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => form.setPassword(e.target.value)}
            inputRef={refs.password}
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
          <Button variant="text" onClick={form.toggleShowPassword} sx={{ mt: 0.5, textDecoration: 'underline' }}>
            {form.showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
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
