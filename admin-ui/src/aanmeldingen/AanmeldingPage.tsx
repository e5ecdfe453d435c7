import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Alert, Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ActionError, callApi } from '../api/action';
import { momentNl } from '../fields/dates';
import { StatusBadge } from './AanmeldingList';
import { BeoordelingTab } from './Beoordeling';
import { CommunicatieTab } from './Communicatie';
import { DocumentenTab } from './Documenten';
import { aanmeldingApi, type AanmeldingDetail } from './types';
import { Facts } from '../fields/Facts';

const LIST = '/admin/klusser-aanmeldingen';
const FOUT = 'Fout bij ophalen aanmelding';

type Load = { kind: 'loading' } | { kind: 'ok'; a: AanmeldingDetail } | { kind: 'error'; status: number; message: string };

/**
 * The application while the page is open. reload() asks again without leaving the page (the
 * open tab and what is typed in its forms stay); set() takes the record a write answered with.
 */
function useAanmelding(id: string) {
  const notify = useNotify();
  const [state, setState] = useState<Load>({ kind: 'loading' });
  const [versie, setVersie] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    callApi<AanmeldingDetail>(aanmeldingApi(id), { signal: controller.signal }, FOUT)
      .then((answer) => setState({ kind: 'ok', a: answer.data }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        const status = e instanceof ActionError ? e.status : 0;
        if (status !== 404) notify(FOUT, { type: 'error' });
        setState((old) => (old.kind === 'ok' && status !== 404 ? old : { kind: 'error', status, message: e instanceof Error ? e.message : FOUT }));
      });
    return () => controller.abort();
  }, [id, versie, notify]);
  const reload = useCallback(() => setVersie((v) => v + 1), []);
  const set = useCallback((a: AanmeldingDetail) => setState({ kind: 'ok', a }), []);
  return { state, reload, set };
}

const TABS = ['Overzicht', 'Documenten', 'Communicatie', 'Beoordeling', 'Statistieken'] as const;

function Panel({ index, tab, children }: { index: number; tab: number; children: ReactNode }) {
  if (index !== tab) return null;
  return (
    <Box role="tabpanel" id={`aanmelding-panel-${index}`} aria-labelledby={`aanmelding-tab-${index}`}>
      {children}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const aanwezig = (v: boolean) => (v ? 'Aanwezig' : 'Niet aanwezig');
const tel = (t: string) => t.replace(/[^\d+]/g, '');

function Overzicht({ a }: { a: AanmeldingDetail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Section id="persoonlijk-titel" title="Persoonlijke gegevens">
        <Facts
          rows={[
            ['Naam', a.naam],
            ['Leeftijd', `${a.leeftijd} jaar`],
            ['E-mail', <a key="mail" href={`mailto:${a.email}`}>{a.email}</a>],
            ['Telefoon', <a key="tel" href={`tel:${tel(a.telefoon)}`}>{a.telefoon}</a>],
            ['Adres', [a.adres, `${a.postcode} ${a.woonplaats}`.trim()].filter((p) => p !== '').join(', ') || '—'],
            ['VOG', aanwezig(a.heeft_vog)],
            ['Eigen vervoer', aanwezig(a.heeft_vervoer)],
            ['Aangemeld op', momentNl(a.created_at)],
            ['Status', <StatusBadge key="status" status={a.status} />],
          ]}
        />
      </Section>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Section id="motivatie-titel" title="Motivatie">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{a.motivatie || '—'}</Typography>
        </Section>
        <Section id="ervaring-titel" title="Ervaring">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{a.ervaring || '—'}</Typography>
        </Section>
        <Section id="beschikbaarheid-titel" title="Beschikbaarheid">
          {a.beschikbaarheid.length === 0 ? (
            <Typography>Niet opgegeven</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {a.beschikbaarheid.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </Box>
          )}
        </Section>
      </Box>
    </Box>
  );
}

/**
 * One application, /admin/klusser-aanmeldingen/{id} (document 001): the header with Email,
 * WhatsApp and Telefoon, and the tabs Overzicht, Documenten, Communicatie, Beoordeling and
 * Statistieken.
 */
export default function AanmeldingPage() {
  const { id = '' } = useParams();
  const { state, reload, set } = useAanmelding(id);
  const [tab, setTab] = useState(0);
  const [focus, setFocus] = useState<{ field: 'email' | 'whatsapp'; n: number } | null>(null);

  const back = (
    <Button component={Link} to={LIST} startIcon={<ArrowBackIcon />} size="large">
      Terug naar aanmeldingen
    </Button>
  );

  if (state.kind === 'loading') return <Typography role="status" sx={{ p: 2 }}>Aanmelding wordt geladen…</Typography>;
  if (state.kind === 'error') {
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Title title="Aanmelding" />
        <Typography variant="h4" component="h1">
          {state.status === 404 ? 'Aanmelding niet gevonden' : FOUT}
        </Typography>
        {state.status !== 404 && <Alert severity="error">{state.message}</Alert>}
        {back}
      </Box>
    );
  }
  const a = state.a;
  const communicatie = TABS.indexOf('Communicatie');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title={`Aanmelding ${a.naam}`} />
      <Box>
        {back}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="h4" component="h1">
            {a.naam}
          </Typography>
          <StatusBadge status={a.status} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Button
            variant="outlined"
            size="large"
            startIcon={<EmailIcon />}
            onClick={() => {
              setTab(communicatie);
              setFocus((f) => ({ field: 'email', n: (f?.n ?? 0) + 1 }));
            }}
          >
            Email
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<WhatsAppIcon />}
            onClick={() => {
              setTab(communicatie);
              setFocus((f) => ({ field: 'whatsapp', n: (f?.n ?? 0) + 1 }));
            }}
          >
            WhatsApp
          </Button>
          <Button variant="outlined" size="large" startIcon={<PhoneIcon />} component="a" href={`tel:${tel(a.telefoon)}`}>
            Telefoon
          </Button>
        </Box>
      </Box>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Onderdelen van de aanmelding" variant="scrollable" scrollButtons="auto">
        {TABS.map((t, i) => (
          <Tab key={t} label={t} id={`aanmelding-tab-${i}`} aria-controls={`aanmelding-panel-${i}`} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Panel index={0} tab={tab}>
        <Overzicht a={a} />
      </Panel>
      <Panel index={1} tab={tab}>
        <DocumentenTab aanmelding={a} onChanged={reload} />
      </Panel>
      <Panel index={2} tab={tab}>
        <CommunicatieTab aanmelding={a} focus={focus} onChanged={reload} />
      </Panel>
      <Panel index={3} tab={tab}>
        <BeoordelingTab aanmelding={a} onSaved={set} onChanged={reload} />
      </Panel>
      <Panel index={4} tab={tab}>
        <Typography>Statistieken worden binnenkort toegevoegd</Typography>
      </Panel>
    </Box>
  );
}
