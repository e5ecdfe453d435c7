import { Box, Button, Card, CardContent, GlobalStyles, Stack, Typography } from '@mui/material';
import { readConfig } from '../config';
import { ConfirmStep } from './ConfirmStep';
import type { LookupView } from './securityFlow';
import type { SecuritySettings } from './useSecuritySettings';

const { brand } = readConfig();

/** Prints only the recovery codes, not the menu and the app bar around them. */
const printOnlyCodes = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '#herstelcodes-afdruk, #herstelcodes-afdruk *': { visibility: 'visible' },
        '#herstelcodes-afdruk': { position: 'absolute', left: 0, top: 0 },
      },
    }}
  />
);

/**
 * 'Herstelcodes': the codes on screen (to copy or print; new ones only work once saved), and
 * showing, renewing or removing them (after a question).
 */
export function RecoveryCodesSection({ lookup, settings }: { lookup: LookupView; settings: SecuritySettings }) {
  const { act, busy, confirming, setConfirming, copyStatus, setCopyStatus } = settings;
  const codes = lookup.codes;
  const usableCodes = (codes ?? []).filter((c) => !c.used).map((c) => c.code);
  const busyProps = { 'aria-disabled': busy || undefined } as const;

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(usableCodes.join('\n'));
      setCopyStatus('De herstelcodes zijn gekopieerd.');
    } catch {
      setCopyStatus('Kopiëren is niet gelukt. Schrijf de codes over of druk ze af.');
    }
  };

  return (
    <Card component="section" aria-labelledby="beveiliging-herstelcodes">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="beveiliging-herstelcodes" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Herstelcodes
        </Typography>
        <Typography>
          Met een herstelcode kunt u inloggen als u uw telefoon niet bij de hand heeft. Elke code werkt één keer. Bewaar de codes op een veilige plek,
          bijvoorbeeld afgedrukt bij uw administratie.
        </Typography>

        {codes !== null && (
          <>
            {printOnlyCodes}
            <Box id="herstelcodes-afdruk">
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                Uw herstelcodes voor {brand}
              </Typography>
              <Box
                component="ol"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
                  gap: 1,
                  pl: 3,
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: '1.2rem',
                }}
              >
                {codes.map((code, index) => (
                  <li key={`${index}-${code.code}`}>{code.used ? <s>al gebruikt</s> : <code>{code.code}</code>}</li>
                ))}
              </Box>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
              <Button variant="outlined" onClick={() => void copyCodes()}>
                Kopieer
              </Button>
              <Button variant="outlined" onClick={() => window.print()}>
                Afdrukken
              </Button>
            </Stack>
            <Typography role="status" sx={{ minHeight: '1.5em' }}>
              {copyStatus}
            </Typography>
            {lookup.mustConfirm && (
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Typography>
                  <strong>Let op:</strong> deze codes werken pas nadat u ze heeft opgeslagen.
                </Typography>
                <Button variant="contained" size="large" onClick={() => act({ kind: 'codes_confirm' })} {...busyProps}>
                  Codes opslaan
                </Button>
              </Stack>
            )}
          </>
        )}

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {lookup.canReveal && (
            <Button variant="outlined" onClick={() => act({ kind: 'codes_reveal' })} {...busyProps}>
              Herstelcodes tonen
            </Button>
          )}
          {lookup.canRegenerate && (
            <Button variant="outlined" onClick={() => act({ kind: 'codes_generate' })} {...busyProps}>
              Nieuwe herstelcodes maken
            </Button>
          )}
          {lookup.canDisable && confirming !== 'codes_disable' && (
            <Button variant="outlined" color="error" onClick={() => setConfirming('codes_disable')}>
              Herstelcodes verwijderen
            </Button>
          )}
        </Stack>
        {confirming === 'codes_disable' && (
          <ConfirmStep
            question="Weet u het zeker? Daarna kunt u niet meer met een herstelcode inloggen."
            confirmLabel="Ja, verwijderen"
            busy={busy}
            onConfirm={() => act({ kind: 'codes_disable' })}
            onCancel={() => setConfirming(null)}
          />
        )}
      </CardContent>
    </Card>
  );
}
