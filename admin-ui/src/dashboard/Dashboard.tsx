import { useEffect, useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Title, useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { useKlusEvents } from '@klusmaat/shared-ui/klusEvents';
import type { ConsoleArea } from '../auth/AccessGuard';
import { isAdmin, useIsAdmin, useMe } from '../auth/useMe';
import { useApiData } from '../api/useApiData';
import { useApiState } from '../api/useApiState';
import { useRegios } from '../regios/useRegios';
import { Openstaand } from './Openstaand';
import { RecentActivity } from './RecentActivity';
import { RegionTable } from './RegionTable';
import { StatusTiles } from './StatusTiles';
import { Terugbellen } from './Terugbellen';
import { TopTowns } from './TopTowns';
import { Trend, TREND_FOUT, TREND_PATH, type TrendData } from './Trend';
import type { DashboardData } from './types';

interface DashboardProps {
  area: ConsoleArea;
  brand: string;
}

const WELCOME: Record<ConsoleArea, (brand: string) => string> = {
  admin: (brand) => `Welkom in het beheer van ${brand}.`,
  franchise: (brand) => `Welkom in het franchiseportaal van ${brand}.`,
};

/** Where the admin goes from the dashboard (document 001 section 2). Rapportages joins with its page. */
const QUICK_ACTIONS = [
  { to: 'klussen', label: 'Klussen beheren' },
  { to: 'werkbonnen', label: 'Werkbonnen bekijken' },
  { to: 'facturen', label: 'Facturen bekijken' },
] as const;
const MANAGEMENT = [
  { to: 'klanten', label: 'Klanten' },
  { to: 'klussers', label: 'Klussers' },
  { to: 'klusser-aanmeldingen', label: 'Aanmeldingen' },
  { to: 'rapportages', label: 'Rapportages' },
  { to: 'settings', label: 'Instellingen' },
  { to: 'franchise-eigenaren', label: 'Franchisenemers' },
  { to: 'audit', label: 'Auditlog' },
] as const;

/**
 * Start page of the console (its logout is the app bar's 'Uitloggen', on every page), at /admin/dashboard (and /franchise/dashboard, the same counts for the
 * owner's regions). The counts are computed by the server in SQL (GET /api/v1/dashboard); when a
 * job is inserted, changed or deleted, the live stream says so and the page asks again: no
 * polling, no reload.
 */
export function Dashboard({ area, brand }: DashboardProps) {
  const basename = useBasename();
  const me = useMe();
  // The back office's actions are the admin's: a franchise owner on /admin/* only reads.
  const admin = useIsAdmin();
  const beheer = area === 'admin' && admin;
  const dashboard = useApiData<DashboardData>('/api/v1/dashboard');
  const { data, reload } = dashboard;
  // The counts' moment, for 'x minuten geleden': when this answer came.
  const now = useMemo(() => (data === undefined ? null : new Date()), [data]);
  const { state: trend, reload: reloadTrend } = useApiState<TrendData>(TREND_PATH, TREND_FOUT);

  useEffect(() => {
    document.title = `Dashboard – ${brand}`;
  }, [brand]);

  // Section 8: the failure is said on the page and also logged, for whoever looks into it.
  useEffect(() => {
    if (dashboard.failed) console.error('dashboard: Fout bij laden van dashboard data');
  }, [dashboard.failed]);

  // Every change of a job the actor may see moves a count, the recent activity or the trend.
  useKlusEvents(
    () => true,
    () => {
      reload();
      reloadTrend();
    },
  );

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 3 }}>
      <Title title="ra.page.dashboard" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="h4" component="h1">
            Dashboard
          </Typography>
          <Typography variant="body1">{WELCOME[area](brand)}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {beheer && (
            <Button
              component={Link}
              to={`${basename}/klussen?nieuw=1`}
              variant="contained"
              size="large"
              startIcon={<AddIcon />}
            >
              Nieuwe Klus Aanmaken
            </Button>
          )}
        </Box>
      </Box>

      {(area === 'franchise' || (me !== null && !isAdmin(me))) && me !== null && (
        <FranchiseRegions regions={me.regions} basename={basename} />
      )}
      {/* A failed reload keeps the counts on screen; only a dashboard that never loaded says so. */}
      {data === undefined && dashboard.failed && <Alert severity="error">Fout bij laden van dashboard data</Alert>}
      {data === undefined && !dashboard.failed && <Typography role="status">Dashboard wordt geladen…</Typography>}
      {data !== undefined && (
        <>
          <StatusTiles counts={data.statussen} totaal={data.totaal} basename={basename} />
          <Terugbellen
            data={data.terugbellen}
            basename={basename}
            jobHref={(id) => (area === 'admin' ? `${basename}/klussen?klus=${id}` : `${basename}/klussen/${id}`)}
          />
          <Openstaand basename={basename} />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', xl: '3fr 2fr' } }}>
            <RegionTable regios={data.regios} basename={basename} />
            <TopTowns towns={data.top_woonplaatsen} basename={basename} />
          </Box>
          <RecentActivity jobs={data.recente_activiteit} now={now ?? new Date()} />
        </>
      )}
      <Trend state={trend} />

      {beheer && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <LinkCard title="Snelle acties" links={QUICK_ACTIONS} basename={basename} />
          <LinkCard title="Beheer" links={MANAGEMENT} basename={basename} />
        </Box>
      )}
    </Box>
  );
}

/** The owner's regions and the way to its jobs and klussers; without a region, what to do. */
function FranchiseRegions({ regions, basename }: { regions: string[]; basename: string }) {
  const { naam: regioNaam } = useRegios();
  if (regions.length === 0) {
    return (
      <Alert severity="warning" role="status">
        Je regio is nog niet toegewezen. Neem contact op met de admin om je regio in te stellen.
      </Alert>
    );
  }
  return (
    <Card component="section" aria-labelledby="regios-title">
      <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="regios-title" variant="h5" component="h2">
          Jouw {regions.length === 1 ? 'regio' : "regio's"}: {regions.map(regioNaam).join(', ')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component={Link} to={`${basename}/klussen`} variant="contained" size="large">
            Klussen
          </Button>
          <Button component={Link} to={`${basename}/klussers`} variant="outlined" size="large">
            Klussers
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function LinkCard({
  title,
  links,
  basename,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
  basename: string;
}) {
  return (
    <Card component="section" aria-labelledby={`links-${title}`}>
      <CardContent>
        <Typography id={`links-${title}`} variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {links.map((l) => (
            <Button key={l.to} component={Link} to={`${basename}/${l.to}`} variant="outlined" size="large">
              {l.label}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
