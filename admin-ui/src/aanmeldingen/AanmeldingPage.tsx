import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { Alert, Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { RecordContextProvider, Title, useNotify } from 'react-admin';
import { useRecord } from '../api/useRecord';
import { RecordPager } from '../lists/RecordPager';
import { Link, useParams } from 'react-router-dom';
import { recordError } from '../lists/recordErrors';
import { momentNl } from '../fields/dates';
import { LIJST_SORT, StatusBadge } from './AanmeldingList';
import { BeoordelingTab } from './Beoordeling';
import { CommunicatieTab } from './Communicatie';
import { DocumentenTab } from './Documenten';
import type { AanmeldingDetail } from './types';
import { Facts } from '../fields/Facts';

const LIST = '/admin/klusser-aanmeldingen';
const FOUT = 'Fout bij ophalen aanmelding';

/**
 * The application through the data provider's cache ('klusser-aanmeldingen' is the console's name
 * for /api/v1/aanmeldingen). An action on it invalidates it (./actions.ts): it is read again
 * without leaving the page, so the open tab and what is typed in its forms stay. A failed reread
 * keeps the application on screen.
 */
function useAanmelding(id: string) {
  const notify = useNotify();
  const { data, error } = useRecord<AanmeldingDetail>('klusser-aanmeldingen', id, {
    onError: (e) => {
      if (recordError(e).status !== 404) notify(FOUT, { type: 'error' });
    },
  });
  return { data, failed: data === undefined && error ? recordError(error) : null };
}

/** The header's buttons that open the Communicatie tab at their form. */
const NAAR_FORMULIER = [
  { field: 'email', icon: <EmailIcon />, label: 'Email' },
  { field: 'whatsapp', icon: <WhatsAppIcon />, label: 'WhatsApp' },
] as const;

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
  const { data: a, failed } = useAanmelding(id);
  const [tab, setTab] = useState(0);
  const [focus, setFocus] = useState<{ field: 'email' | 'whatsapp'; n: number } | null>(null);

  const back = (
    <Button component={Link} to={LIST} startIcon={<ArrowBackIcon />} size="large">
      Terug naar aanmeldingen
    </Button>
  );

  if (failed !== null) {
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Title title="Aanmelding" />
        <Typography variant="h4" component="h1">
          {failed.status === 404 ? 'Aanmelding niet gevonden' : FOUT}
        </Typography>
        {failed.status !== 404 && <Alert severity="error">{failed.message || FOUT}</Alert>}
        {back}
      </Box>
    );
  }
  if (a === undefined) return <Typography role="status" sx={{ p: 2 }}>Aanmelding wordt geladen…</Typography>;
  const communicatie = TABS.indexOf('Communicatie');
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title={`Aanmelding ${a.naam}`} />
      <Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          {back}
          <RecordContextProvider value={a}>
            <RecordPager wat="aanmelding" label="Bladeren door de aanmeldingen" sort={LIJST_SORT} />
          </RecordContextProvider>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="h4" component="h1">
            {a.naam}
          </Typography>
          <StatusBadge status={a.status} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {NAAR_FORMULIER.map(({ field, icon, label }) => (
            <Button
              key={field}
              variant="outlined"
              size="large"
              startIcon={icon}
              onClick={() => {
                setTab(communicatie);
                setFocus((f) => ({ field, n: (f?.n ?? 0) + 1 }));
              }}
            >
              {label}
            </Button>
          ))}
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
        <DocumentenTab aanmelding={a} />
      </Panel>
      <Panel index={2} tab={tab}>
        <CommunicatieTab aanmelding={a} focus={focus} />
      </Panel>
      <Panel index={3} tab={tab}>
        <BeoordelingTab aanmelding={a} />
      </Panel>
      <Panel index={4} tab={tab}>
        <Typography>Statistieken worden binnenkort toegevoegd</Typography>
      </Panel>
    </Box>
  );
}
