import type { RefObject } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { Form, useInput } from 'react-admin';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { FieldLabel } from '../auth/FieldLabel';

/**
 * The authenticator app's code as the field of the page's react-admin form (labelled by the
 * FieldLabel above it); the page puts the focus here when the code was wrong.
 */
function CodeField({ codeRef, error, describedBy }: { codeRef: RefObject<HTMLInputElement | null>; error: boolean; describedBy: string }) {
  const { field } = useInput<string>({ source: 'totp_code', defaultValue: '' });
  return (
    <TextField
      variant="outlined"
      id="beveiliging-code"
      name="totp_code"
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      autoComplete="one-time-code"
      slotProps={{
        htmlInput: {
          ref: codeRef,
          inputMode: 'numeric',
          'aria-describedby': describedBy,
          style: { fontSize: '1.3rem', letterSpacing: '0.15em' },
        },
      }}
      sx={{ maxWidth: 260 }}
    />
  );
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to type over. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * Setting up the authenticator app, step by step: install an app, scan the QR code (or type the
 * key), and send the app's code. formulier is the form's record id: a new one empties the form
 * after a sent code.
 */
export function TotpSetupForm({
  qr,
  secret,
  formulier,
  codeRef,
  codeError,
  errorShown,
  busy,
  onSubmit,
}: {
  qr: string | null;
  secret: string | null;
  formulier: number;
  codeRef: RefObject<HTMLInputElement | null>;
  codeError: boolean;
  /** The page's error message is on screen: the field is described by it too. */
  errorShown: boolean;
  busy: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
}) {
  return (
    <Form record={{ id: formulier }} onSubmit={onSubmit} noValidate>
      <Box role="form" aria-labelledby="beveiliging-app">
        <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 2 }}>
          <li>
            <Typography>
              Installeer een authenticator-app op uw telefoon, bijvoorbeeld Google Authenticator of Microsoft Authenticator.
            </Typography>
          </li>
          <li>
            <Typography gutterBottom>Open de app en scan deze QR-code.</Typography>
            {qr !== null && (
              <Box
                component="img"
                src={qr}
                alt="QR-code om te scannen met uw authenticator-app"
                width={220}
                height={220}
                sx={{ display: 'block', border: 1, borderColor: 'divider', p: 1, bgcolor: '#fff' }}
              />
            )}
          </li>
          {secret !== null && (
            <li>
              <Typography id="beveiliging-sleutel-uitleg">Lukt scannen niet? Typ dan deze sleutel in de app:</Typography>
              <Typography
                component="code"
                aria-describedby="beveiliging-sleutel-uitleg"
                sx={{
                  display: 'inline-block',
                  mt: 1,
                  px: 1.5,
                  py: 1,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '1.25rem',
                  letterSpacing: '0.08em',
                  bgcolor: '#f4f6f9',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  wordBreak: 'break-all',
                }}
              >
                {groupSecret(secret)}
              </Typography>
            </li>
          )}
          <li>
            <Typography id="beveiliging-code-uitleg" gutterBottom>
              Vul de code van 6 cijfers in die de app nu laat zien.
            </Typography>
            <FieldLabel htmlFor="beveiliging-code">{TEXTS.totpLabel}</FieldLabel>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
              <CodeField
                codeRef={codeRef}
                error={codeError}
                describedBy={errorShown && codeError ? 'beveiliging-code-uitleg beveiliging-fout' : 'beveiliging-code-uitleg'}
              />
              <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }} aria-disabled={busy || undefined}>
                Tweestapsverificatie aanzetten
              </Button>
            </Stack>
          </li>
        </Box>
      </Box>
    </Form>
  );
}
