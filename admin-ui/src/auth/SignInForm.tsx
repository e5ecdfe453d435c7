import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { PATHS } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import type { SignInController } from '@klusmaat/shared-ui/auth/useSignIn';
import { useSignInForm } from '@klusmaat/shared-ui/auth/useSignInForm';
import { LabelledField } from './FieldLabel';

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
          <LabelledField
            id={ids.code}
            label={totp ? TEXTS.totpLabel : TEXTS.lookupLabel}
            name={totp ? 'totp_code' : 'lookup_secret'}
            value={form.code}
            onChange={form.setCode}
            inputRef={refs.code}
            invalid={invalid('code')}
            describedBy={describedBy(ids.codeHint)}
            autoComplete="one-time-code"
            htmlInput={{ inputMode: totp ? 'numeric' : 'text', autoCapitalize: 'off', spellCheck: false, style: { fontSize: '1.4rem', letterSpacing: '0.15em' } }}
            sx={{ maxWidth: 320 }}
          />
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
        <LabelledField
          id={ids.email}
          label={TEXTS.emailLabel}
          name="email"
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={form.setEmail}
          inputRef={refs.email}
          invalid={invalid('email')}
          describedBy={describedBy()}
          htmlInput={{ inputMode: 'email', autoCapitalize: 'off', spellCheck: false }}
          fullWidth
        />
        <LabelledField
          id={ids.password}
          label={TEXTS.passwordLabel}
          name="password"
          type={form.showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={form.password}
          onChange={form.setPassword}
          inputRef={refs.password}
          invalid={invalid('password')}
          describedBy={describedBy()}
          fullWidth
        >
          {/* A button, not a checkbox: its text must not be a second label containing "Wachtwoord". */}
          <Button variant="text" onClick={form.toggleShowPassword} sx={{ mt: 0.5, textDecoration: 'underline' }}>
            {form.showPassword ? 'Wachtwoord verbergen' : 'Wachtwoord tonen'}
          </Button>
        </LabelledField>
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
