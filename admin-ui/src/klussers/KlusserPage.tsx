import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { RecordContextProvider, Title, useBasename, useNotify } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useRecord } from '../api/useRecord';
import { useIsAdmin } from '../auth/useMe';
import { recordError } from '../lists/recordErrors';
import { ddMMyyyy } from '../fields/dates';
import { useRegios } from '../regios/useRegios';
import { RecordPager } from '../lists/RecordPager';
import { SimpleTable } from '../lists/SimpleTable';
import { Bankrekening } from './Bankrekening';
import { beoordeling, LIJST_SORT, lijstFilter, uren } from './KlusserList';
import { ProfielForm } from './ProfielForm';
import { ShowcaseFotos } from './ShowcaseFotos';
import { FactList } from '../fields/Facts';
import { CardSection } from '../fields/CardSection';

type Detail = ResponseBody<'/api/v1/klussers/{id}'>['data'];

/**
 * One klusser: /admin/klussers/{id} with the tabs Profiel, Website Showcase, Beoordelingen and
 * Gewerkte Uren (document 001 section 2), and read-only at /franchise/klussers/{id}: the profile,
 * the reviews and the hours of finished work orders. Both show the bank account (D31) after the
 * profile: the admin changes it, the franchise owner reads it masked. A klusser of another region
 * is 'Klusser niet gevonden'.
 */
export default function KlusserPage() {
  const { id = '' } = useParams();
  const basename = useBasename();
  const notify = useNotify();
  // A franchise owner reads the klusser, on /admin/* too (auth/useMe.ts).
  const admin = useIsAdmin();
  // Through the data provider's cache: a save here (or an archive in the list) shows everywhere.
  const { data: k, error, isPending } = useRecord<Detail>(
    'klussers',
    id,
    {
      // Section 8's toast as well as the page's own heading; a missing klusser is said on the page.
      onError: (e) => {
        if (recordError(e).status !== 404) notify('Fout bij ophalen klusser', { type: 'error' });
      },
    },
  );
  // Only a klusser that never loaded is replaced by the failure: a re-read that fails after a save
  // keeps the page (and the profile being edited); its toast says what went wrong.
  const failed = error && k === undefined ? recordError(error) : null;
  // The tabs to manage a klusser are the admin's, on /admin/*; everyone else reads the profile.
  const beheer = basename === '/admin' && admin;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1000 }}>
      <Title title="Klusser" />
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={Link} to={`${basename}/klussers`} startIcon={<ArrowBackIcon />}>
          Terug naar klussers
        </Button>
        {k !== undefined && failed === null && (
          <RecordContextProvider value={k}>
            <RecordPager wat="klusser" label="Bladeren door de klussers" sort={LIJST_SORT} filterDefaultValues={lijstFilter(!beheer)} />
          </RecordContextProvider>
        )}
      </Box>
      {isPending && failed === null && <Typography role="status">Klusser wordt geladen…</Typography>}
      {failed !== null && (
        <>
          <Typography variant="h4" component="h1">
            {failed.status === 404 ? 'Klusser niet gevonden' : 'Fout bij ophalen klusser'}
          </Typography>
          {failed.status !== 404 && <Alert severity="error">{failed.message || 'Fout bij ophalen klusser'}</Alert>}
        </>
      )}
      {k !== undefined && failed === null && (beheer ? <BeheerTabs k={k} /> : <Profiel k={k} />)}
    </Box>
  );
}

const TABS = ['Profiel', 'Website Showcase', 'Beoordelingen', 'Gewerkte Uren'] as const;

/** The admin's klusser: four tabs; the profile and photos are edited here. */
function BeheerTabs({ k }: { k: Detail }) {
  const [tab, setTab] = useState(0);
  return (
    <>
      <Typography variant="h4" component="h1">
        {k.naam}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>
        {k.actief ? 'Actief' : 'Inactief (gearchiveerd)'} · {k.zichtbaar_op_website ? 'Zichtbaar op de website' : 'Verborgen op de website'}
      </Typography>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Onderdelen van de klusser" variant="scrollable">
        {TABS.map((t, i) => (
          <Tab key={t} label={t} id={`klusser-tab-${i}`} aria-controls={`klusser-paneel-${i}`} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`klusser-paneel-${tab}`} aria-labelledby={`klusser-tab-${tab}`}>
        {tab === 0 && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <CardSection title="Profiel">
              <ProfielForm k={k} />
            </CardSection>
            <Bankrekening klusserId={k.id} naam={k.naam} beheer />
          </Box>
        )}
        {tab === 1 && (
          <CardSection title="Website Showcase">
            <ShowcaseFotos k={k} />
          </CardSection>
        )}
        {tab === 2 && <Beoordelingen k={k} />}
        {tab === 3 && <GewerkteUren k={k} />}
      </Box>
    </>
  );
}

function Profiel({ k }: { k: Detail }) {
  const { naam: regioNaam } = useRegios();
  return (
    <>
      <Typography variant="h4" component="h1">
        {k.naam}
      </Typography>
      <CardSection title="Profiel">
        <FactList>
          <dt>E-mail</dt>
          <dd>{k.email || '—'}</dd>
          <dt>Telefoon</dt>
          <dd>{k.telefoon || '—'}</dd>
          <dt>Woonplaats</dt>
          <dd>{k.woonplaats || '—'}</dd>
          <dt>Regio</dt>
          <dd>{k.regio.map(regioNaam).join(', ')}</dd>
          <dt>Status</dt>
          <dd>{k.actief ? 'Actief' : 'Inactief'}</dd>
          <dt>Beoordeling</dt>
          <dd>{beoordeling(k.gemiddelde_beoordeling)}</dd>
          <dt>Totaal uren</dt>
          <dd>{uren(k.totaal_uren)}</dd>
          <dt>Specialisaties</dt>
          <dd>{k.specialisaties.length > 0 ? k.specialisaties.join(', ') : '—'}</dd>
          {k.gepensioneerd_sinds !== null && (
            <>
              <dt>Gepensioneerd sinds</dt>
              <dd>{k.gepensioneerd_sinds}</dd>
            </>
          )}
        </FactList>
        {k.intro_tekst && <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{k.intro_tekst}</Typography>}
      </CardSection>
      <Bankrekening klusserId={k.id} naam={k.naam} beheer={false} />
      <Beoordelingen k={k} />
      <GewerkteUren k={k} />
    </>
  );
}

function Beoordelingen({ k }: { k: Detail }) {
  return (
      <CardSection title="Beoordelingen">
        {k.beoordelingen.length === 0 ? (
          <Typography>Nog geen beoordelingen</Typography>
        ) : (
          <SimpleTable
            headers={['Datum', 'Klus', 'Woonplaats', 'Beoordeling', 'Opmerkingen']}
            rows={k.beoordelingen}
            rowKey={(r) => r.werkbon_id}
            cells={(r) => [ddMMyyyy(r.datum), r.beschrijving, r.woonplaats, `${r.rating_algemeen} van 5`, r.opmerkingen || '—']}
          />
        )}
      </CardSection>
  );
}

function GewerkteUren({ k }: { k: Detail }) {
  return (
      <CardSection title="Gewerkte uren">
        {k.uren.length === 0 ? (
          <Typography>Nog geen gewerkte uren</Typography>
        ) : (
          <SimpleTable
            headers={['Datum', 'Klus', 'Woonplaats', 'Uren']}
            rows={k.uren}
            rowKey={(u) => u.werkbon_id}
            cells={(u) => [ddMMyyyy(u.datum), u.beschrijving, u.woonplaats, u.uren]}
          />
        )}
      </CardSection>
  );
}
