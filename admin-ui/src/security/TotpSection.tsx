import { Button, Card, CardContent, Typography } from '@mui/material';
import { readConfig } from '../config';
import { ConfirmStep } from './ConfirmStep';
import type { TotpView } from './securityFlow';
import { TotpSetupForm } from './TotpSetupForm';
import type { SecuritySettings } from './useSecuritySettings';

const { brand } = readConfig();

/**
 * 'Tweestapsverificatie met een app': on (with switching it off after a question), the steps to
 * set it up, or not available.
 */
export function TotpSection({ totp, settings }: { totp: TotpView; settings: SecuritySettings }) {
  const { act, busy, confirming, setConfirming } = settings;
  return (
    <Card component="section" aria-labelledby="beveiliging-app">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="beveiliging-app" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Tweestapsverificatie met een app
        </Typography>

        {totp.state === 'enabled' && (
          <>
            <Typography>
              <strong>Tweestapsverificatie staat aan.</strong> Bij het inloggen vraagt {brand} om de code uit uw app.
            </Typography>
            {confirming === 'totp_disable' ? (
              <ConfirmStep
                question="Weet u het zeker? Zonder tweestapsverificatie is uw account minder goed beveiligd."
                confirmLabel="Ja, uitzetten"
                busy={busy}
                onConfirm={() => act({ kind: 'totp_disable' })}
                onCancel={() => setConfirming(null)}
              />
            ) : (
              <Button variant="outlined" color="error" sx={{ justifySelf: 'start' }} onClick={() => setConfirming('totp_disable')}>
                Tweestapsverificatie uitzetten
              </Button>
            )}
          </>
        )}

        {totp.state === 'setup' && (
          <TotpSetupForm
            qr={totp.qr}
            secret={totp.secret}
            formulier={settings.formulier}
            codeRef={settings.codeRef}
            codeError={settings.codeError}
            errorShown={settings.message?.kind === 'error'}
            busy={busy}
            onSubmit={settings.enableTotp}
          />
        )}

        {totp.state === 'unavailable' && <Typography>Tweestapsverificatie is op dit moment niet beschikbaar.</Typography>}
      </CardContent>
    </Card>
  );
}
