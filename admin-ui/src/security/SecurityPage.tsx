import { useEffect } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { readConfig } from '../config';
import { RecoveryCodesSection } from './RecoveryCodesSection';
import { TotpSection } from './TotpSection';
import { useSecuritySettings } from './useSecuritySettings';

const { brand } = readConfig();

/**
 * 'Beveiliging' (/admin/beveiliging, /franchise/beveiliging): the authenticator app (TOTP) and the
 * recovery codes of the signed-in admin or franchise owner (D15), through Kratos's settings flow
 * (useSecuritySettings); each has its own section.
 */
export function SecurityPage() {
  const settings = useSecuritySettings();
  const { view, message, loadError } = settings;

  useEffect(() => {
    document.title = `Beveiliging – ${brand}`;
  }, []);

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'grid', gap: 3, maxWidth: 880 }}>
      <Title title="Beveiliging" />
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }} gutterBottom>
          Beveiliging
        </Typography>
        <Typography>
          Bescherm uw account met een tweede stap bij het inloggen: een code uit een app op uw telefoon. Zo kan niemand anders inloggen, ook niet als uw
          wachtwoord uitlekt.
        </Typography>
      </Box>

      <div ref={settings.messageRef} tabIndex={-1} style={{ outline: 'none' }}>
        {message?.kind === 'success' && (
          <Alert severity="success" variant="outlined" role="status" sx={{ fontWeight: 700 }}>
            {message.text}
          </Alert>
        )}
        {message?.kind === 'error' && (
          <Alert id="beveiliging-fout" severity="error" variant="outlined" role="alert" sx={{ fontWeight: 700 }}>
            {message.text}
          </Alert>
        )}
      </div>

      {settings.loading && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>Even geduld, uw instellingen worden geladen…</Typography>
        </Box>
      )}

      {loadError !== null && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" variant="outlined" role="alert" sx={{ fontWeight: 700 }}>
            {loadError}
          </Alert>
          <Button variant="contained" onClick={settings.reload}>
            {TEXTS.retry}
          </Button>
        </Stack>
      )}

      {view !== null && (
        <>
          <TotpSection totp={view.totp} settings={settings} />
          <RecoveryCodesSection lookup={view.lookup} settings={settings} />
        </>
      )}
    </Box>
  );
}
