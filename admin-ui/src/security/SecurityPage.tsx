import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  GlobalStyles,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Form, Title, useInput } from 'react-admin';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { KratosFlow } from '@klusmaat/shared-ui/auth/kratos';
import { signInPath } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { readConfig } from '../config';
import { FieldLabel } from '../auth/FieldLabel';
import {
  loadSecurityFlow,
  readSecurityView,
  runSecurityAction,
  SECURITY_TEXTS,
  type SecurityAction,
  type SecurityResult,
} from './securityFlow';

const { brand } = readConfig();

type Message = { kind: 'success' | 'error'; text: string };
type Confirming = 'totp_disable' | 'codes_disable' | null;

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
 * 'Beveiliging' (/admin/beveiliging, /franchise/beveiliging): the authenticator app (TOTP) and the
 * recovery codes of the signed-in admin or franchise owner (D15), through Kratos's settings flow.
 */
export function SecurityPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const flowParam = params.get('flow');
  const [flow, setFlow] = useState<KratosFlow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [codeError, setCodeError] = useState(false);
  // A sent code is gone from the form: a new record id makes react-admin's form start empty.
  const [formulier, setFormulier] = useState(0);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [copyStatus, setCopyStatus] = useState('');
  const messageRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `Beveiliging – ${brand}`;
  }, []);

  /** Session problems lead to /admin/auth, and back here afterwards. */
  const handleSession = (result: Exclude<SecurityResult, { kind: 'ok' } | { kind: 'error' }>) => {
    navigate(
      signInPath({ returnTo: pathname, refresh: result.kind === 'refresh', secondFactor: result.kind === 'second_factor' }),
    );
  };

  const load = async (flowId: string | null = null) => {
    setLoadError(null);
    const result = await loadSecurityFlow(undefined, flowId);
    if (result.kind === 'ok') setFlow(result.flow);
    else if (result.kind === 'error') setLoadError(result.message);
    else handleSession(result);
  };

  // Load once per visit (a flow named in the URL first); the URL changing later does not reload.
  const loadOnArrival = useEffectEvent(() => void load(flowParam));
  useEffect(() => {
    loadOnArrival();
  }, []);

  // Put the result in front of the user: the message, or the code field when the code was wrong.
  useEffect(() => {
    if (message === null) return;
    if (message.kind === 'error' && codeError) codeRef.current?.focus();
    else messageRef.current?.focus();
  }, [message, codeError]);

  const act = async (action: SecurityAction) => {
    if (busy || flow === null) return;
    setBusy(true);
    setMessage(null);
    setCodeError(false);
    setCopyStatus('');
    try {
      const result = await runSecurityAction(flow, action);
      if (result.kind === 'ok') {
        setFlow(result.flow);
        setFormulier((n) => n + 1);
        setConfirming(null);
        setMessage({ kind: 'success', text: result.message });
      } else if (result.kind === 'error') {
        if (result.flow !== undefined) setFlow(result.flow);
        setCodeError(result.field === 'totp_code');
        setMessage({ kind: 'error', text: result.message });
      } else {
        handleSession(result);
      }
    } finally {
      setBusy(false);
    }
  };

  const enableTotp = (values: Record<string, unknown>) => {
    const totpCode = typeof values['totp_code'] === 'string' ? values['totp_code'] : '';
    if (totpCode.trim() === '') {
      setCodeError(true);
      setMessage({ kind: 'error', text: SECURITY_TEXTS.missingCode });
      return;
    }
    void act({ kind: 'totp_enable', code: totpCode });
  };

  const view = flow === null ? null : readSecurityView(flow);
  const codes = view?.lookup.codes ?? null;
  const usableCodes = (codes ?? []).filter((c) => !c.used).map((c) => c.code);

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(usableCodes.join('\n'));
      setCopyStatus('De herstelcodes zijn gekopieerd.');
    } catch {
      setCopyStatus('Kopiëren is niet gelukt. Schrijf de codes over of druk ze af.');
    }
  };

  const busyProps = { 'aria-disabled': busy || undefined } as const;

  return (
    <Box sx={{ mt: 2, mb: 4, display: 'grid', gap: 3, maxWidth: 880 }}>
      <Title title="Beveiliging" />
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }} gutterBottom>
          Beveiliging
        </Typography>
        <Typography>
          Bescherm uw account met een tweede stap bij het inloggen: een code uit een app op uw telefoon. Zo kan niemand
          anders inloggen, ook niet als uw wachtwoord uitlekt.
        </Typography>
      </Box>

      <div ref={messageRef} tabIndex={-1} style={{ outline: 'none' }}>
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

      {flow === null && loadError === null && (
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
          <Button variant="contained" onClick={() => void load()}>
            {TEXTS.retry}
          </Button>
        </Stack>
      )}

      {view !== null && (
        <>
          <Card component="section" aria-labelledby="beveiliging-app">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography id="beveiliging-app" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
                Tweestapsverificatie met een app
              </Typography>

              {view.totp.state === 'enabled' && (
                <>
                  <Typography>
                    <strong>Tweestapsverificatie staat aan.</strong> Bij het inloggen vraagt {brand} om de code uit uw
                    app.
                  </Typography>
                  {confirming === 'totp_disable' ? (
                    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                      <Typography>Weet u het zeker? Zonder tweestapsverificatie is uw account minder goed beveiligd.</Typography>
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                        <Button variant="contained" color="error" onClick={() => void act({ kind: 'totp_disable' })} {...busyProps}>
                          Ja, uitzetten
                        </Button>
                        <Button variant="outlined" onClick={() => setConfirming(null)}>
                          Annuleren
                        </Button>
                      </Stack>
                    </Stack>
                  ) : (
                    <Button variant="outlined" color="error" sx={{ justifySelf: 'start' }} onClick={() => setConfirming('totp_disable')}>
                      Tweestapsverificatie uitzetten
                    </Button>
                  )}
                </>
              )}

              {view.totp.state === 'setup' && (
                <Form record={{ id: formulier }} onSubmit={enableTotp} noValidate>
                <Box role="form" aria-labelledby="beveiliging-app">
                  <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 2 }}>
                    <li>
                      <Typography>
                        Installeer een authenticator-app op uw telefoon, bijvoorbeeld Google Authenticator of Microsoft
                        Authenticator.
                      </Typography>
                    </li>
                    <li>
                      <Typography gutterBottom>Open de app en scan deze QR-code.</Typography>
                      {view.totp.qr !== null && (
                        <Box
                          component="img"
                          src={view.totp.qr}
                          alt="QR-code om te scannen met uw authenticator-app"
                          width={220}
                          height={220}
                          sx={{ display: 'block', border: 1, borderColor: 'divider', p: 1, bgcolor: '#fff' }}
                        />
                      )}
                    </li>
                    {view.totp.secret !== null && (
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
                          {groupSecret(view.totp.secret)}
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
                          describedBy={
                            message?.kind === 'error' && codeError ? 'beveiliging-code-uitleg beveiliging-fout' : 'beveiliging-code-uitleg'
                          }
                        />
                        <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }} {...busyProps}>
                          Tweestapsverificatie aanzetten
                        </Button>
                      </Stack>
                    </li>
                  </Box>
                </Box>
                </Form>
              )}

              {view.totp.state === 'unavailable' && (
                <Typography>Tweestapsverificatie is op dit moment niet beschikbaar.</Typography>
              )}
            </CardContent>
          </Card>

          <Card component="section" aria-labelledby="beveiliging-herstelcodes">
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography id="beveiliging-herstelcodes" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
                Herstelcodes
              </Typography>
              <Typography>
                Met een herstelcode kunt u inloggen als u uw telefoon niet bij de hand heeft. Elke code werkt één keer.
                Bewaar de codes op een veilige plek, bijvoorbeeld afgedrukt bij uw administratie.
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
                        <li key={`${index}-${code.code}`}>
                          {code.used ? <s>al gebruikt</s> : <code>{code.code}</code>}
                        </li>
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
                  {view.lookup.mustConfirm && (
                    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                      <Typography>
                        <strong>Let op:</strong> deze codes werken pas nadat u ze heeft opgeslagen.
                      </Typography>
                      <Button variant="contained" size="large" onClick={() => void act({ kind: 'codes_confirm' })} {...busyProps}>
                        Codes opslaan
                      </Button>
                    </Stack>
                  )}
                </>
              )}

              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {view.lookup.canReveal && (
                  <Button variant="outlined" onClick={() => void act({ kind: 'codes_reveal' })} {...busyProps}>
                    Herstelcodes tonen
                  </Button>
                )}
                {view.lookup.canRegenerate && (
                  <Button variant="outlined" onClick={() => void act({ kind: 'codes_generate' })} {...busyProps}>
                    Nieuwe herstelcodes maken
                  </Button>
                )}
                {view.lookup.canDisable && confirming !== 'codes_disable' && (
                  <Button variant="outlined" color="error" onClick={() => setConfirming('codes_disable')}>
                    Herstelcodes verwijderen
                  </Button>
                )}
              </Stack>
              {confirming === 'codes_disable' && (
                <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <Typography>Weet u het zeker? Daarna kunt u niet meer met een herstelcode inloggen.</Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                    <Button variant="contained" color="error" onClick={() => void act({ kind: 'codes_disable' })} {...busyProps}>
                      Ja, verwijderen
                    </Button>
                    <Button variant="outlined" onClick={() => setConfirming(null)}>
                      Annuleren
                    </Button>
                  </Stack>
                </Stack>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}
