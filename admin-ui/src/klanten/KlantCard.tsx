import { Stars } from '../a11y/ScreenReaderText';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { useRecord } from '../api/useRecord';
import { wrapAnywhere } from '../fields/wrap';
import { Link, useParams } from 'react-router-dom';
import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useApiState, type ApiState } from '../api/useApiState';
import { recordError } from '../lists/recordErrors';
import { euro } from '../klussen/format';
import { SimpleTable } from '../lists/SimpleTable';
import { isStatus, STATUS_LABEL } from '../klussen/status';
import { AvgActions } from './AvgActions';
import { ddMMyyyy } from '../fields/dates';
import { bedrag, commaQuotedCsv, download, semicolonCsv } from './csv';
import { Facts } from '../fields/Facts';
import { CardSection } from '../fields/CardSection';

type Klant = ResponseBody<'/api/v1/klanten/{email}'>['data'];
type KlusRij = ListItem<'/api/v1/klanten/{email}/klussen'>;
type FactuurRij = ListItem<'/api/v1/klanten/{email}/facturen'>;
type Review = ListItem<'/api/v1/klanten/{email}/reviews'>;

const ONE_DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const base = (email: string) => `/api/v1/klanten/${encodeURIComponent(email)}`;
const janee = (v: boolean | null) => (v === null ? '—' : v ? 'Ja' : 'Nee');

/**
 * A tab's rows (GET path, {"data": [...]}) on the console's query cache under 'klanten': an action
 * on the customer (an erase) reads them again.
 */
function useRows<T>(path: string, failure: string): ApiState<T[]> {
  return useApiState<T[]>(path, failure).state;
}

/**
 * The customer card, /admin/klanten/{email} (document 001 section 2). The customer is the e-mail
 * address (D11). Tabs: Overzicht (contact, statistics, the AVG rights), Aanvragen
 * Historie (filter, CSV), Facturen (CSV, paid badge) and Reviews.
 */
export default function KlantCard() {
  const { id = '' } = useParams();
  const email = decodeURIComponent(id);
  // The customer through the data provider (GET /api/v1/klanten/{email}) and its cache.
  const { data: k, error } = useRecord<Klant>('klanten', email);
  const [tab, setTab] = useState(0);

  if (k === undefined && error) {
    const failed = recordError(error);
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Title title="Klant" />
        <Typography variant="h4" component="h1">
          {failed.status === 404 ? 'Klant niet gevonden' : 'Fout bij laden van klant gegevens'}
        </Typography>
        {failed.status !== 404 && <Alert severity="error">{failed.message || 'Fout bij laden van klant gegevens'}</Alert>}
        <Button component={Link} to="/admin/klanten" variant="outlined" size="large" startIcon={<ArrowBackIcon />}>
          Terug naar klanten
        </Button>
      </Box>
    );
  }
  if (k === undefined) return <Typography role="status" sx={{ p: 2 }}>Klant wordt geladen…</Typography>;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <Title title={`Klant ${k.email}`} />
      <Box>
        <Button component={Link} to="/admin/klanten" startIcon={<ArrowBackIcon />}>
          Terug naar klanten
        </Button>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-all' }}>
          {k.email}
        </Typography>
      </Box>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Onderdelen van de klantkaart" variant="scrollable">
        <Tab label="Overzicht" id="tab-0" aria-controls="panel-0" />
        <Tab label="Aanvragen Historie" id="tab-1" aria-controls="panel-1" />
        <Tab label="Facturen" id="tab-2" aria-controls="panel-2" />
        <Tab label="Reviews" id="tab-3" aria-controls="panel-3" />
      </Tabs>
      <Panel index={0} tab={tab}>
        <Overzicht klant={k} />
      </Panel>
      <Panel index={1} tab={tab}>
        <Historie email={k.email} />
      </Panel>
      <Panel index={2} tab={tab}>
        <Facturen email={k.email} />
      </Panel>
      <Panel index={3} tab={tab}>
        <Reviews email={k.email} />
      </Panel>
    </Box>
  );
}

function Panel({ index, tab, children }: { index: number; tab: number; children: ReactNode }) {
  if (index !== tab) return null;
  return (
    <Box role="tabpanel" id={`panel-${index}`} aria-labelledby={`tab-${index}`}>
      {children}
    </Box>
  );
}

function Overzicht({ klant: k }: { klant: Klant }) {
  const naam = [k.klant_voornaam, k.klant_achternaam].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <CardSection id="contact-title" title="Contactgegevens">
        <Facts
          rows={[
            ['Naam', naam || k.naam],
            ['E-mail', k.email],
            ['Telefoon', <a key="tel" href={`tel:${k.telefoon.replaceAll(' ', '')}`}>{k.telefoon}</a>],
            ['Adres', `${k.adres}, ${k.postcode} ${k.woonplaats}`],
          ]}
        />
      </CardSection>
      <CardSection id="stats-title" title="Statistieken">
        <Facts
          rows={[
            ['Totaal klussen', k.aantal_klussen],
            ['Per status', `${k.per_status.open} open, ${k.per_status.ingepland} ingepland, ${k.per_status.bezig} bezig, ${k.per_status.afgerond} afgerond`],
            [
              'Gemiddelde tevredenheid',
              k.gemiddelde_tevredenheid === null ? (
                'Nog geen beoordeling'
              ) : (
                <Stars shown={`★ ${ONE_DECIMAL.format(k.gemiddelde_tevredenheid)}`} spoken={`${ONE_DECIMAL.format(k.gemiddelde_tevredenheid)} van 5 sterren`} />
              ),
            ],
            ['Facturen', k.aantal_facturen],
            ['Openstaand', euro(k.openstaand_cents)],
          ]}
        />
      </CardSection>
      <Box sx={{ gridColumn: { md: '1 / span 2' } }}>
        {/* After an erase the card stays, with the result; 'Terug naar klanten' leads on. */}
        <AvgActions email={k.email} />
      </Box>
    </Box>
  );
}

/** The first 500 rows of a tab's list (a customer has a handful; the API's maximum for tabs). */
function tabPath(path: string, extra: Record<string, string> = {}) {
  return `${path}?${new URLSearchParams({ page: '1', per_page: '500', ...extra })}`;
}

function Historie({ email }: { email: string }) {
  const [status, setStatus] = useState<string>('alle');
  const rows = useRows<KlusRij>(tabPath(`${base(email)}/klussen`, status === 'alle' ? {} : { status }), 'Fout bij laden van gegevens');
  const exporteren = (list: KlusRij[]) =>
    download(
      `aanvragen-${email}.csv`,
      semicolonCsv(
        ['Datum', 'Tijd', 'Categorie', 'Omschrijving', 'Adres', 'Woonplaats', 'Status', 'Klusser'],
        list.map((r) => [ddMMyyyy(r.datum), r.tijd, r.categorie, r.beschrijving, r.adres, r.woonplaats, isStatus(r.status) ? STATUS_LABEL[r.status] : r.status, r.klusser ?? '']),
      ),
    );
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <ToggleButtonGroup exclusive value={status} onChange={(_, v: string | null) => v && setStatus(v)} aria-label="Filter op status">
            <ToggleButton value="alle">Alle</ToggleButton>
            <ToggleButton value="open">Open</ToggleButton>
            <ToggleButton value="ingepland">Ingepland</ToggleButton>
            <ToggleButton value="afgerond">Afgerond</ToggleButton>
          </ToggleButtonGroup>
          <CsvButton rows={rows} onExport={exporteren} />
        </Box>
        <TabTable
          state={rows}
          empty="Geen aanvragen gevonden"
          headers={['Datum', 'Tijd', 'Categorie', 'Omschrijving', 'Status', 'Klusser']}
          rowKey={(r) => r.id}
          cells={(r) => [ddMMyyyy(r.datum), r.tijd, r.categorie, r.beschrijving, isStatus(r.status) ? STATUS_LABEL[r.status] : r.status, r.klusser ?? '—']}
        />
      </CardContent>
    </Card>
  );
}

/** An invoice's state in a word; a credit invoice and the invoice it corrects (D28) say so. */
function factuurStand(f: FactuurRij): string {
  if (f.credit_van) return `Creditfactuur (voor ${f.credit_van})`;
  if (f.gecrediteerd_door) return `Gecrediteerd (${f.gecrediteerd_door})`;
  return f.betaald ? 'Betaald' : 'Niet betaald';
}

function Facturen({ email }: { email: string }) {
  const rows = useRows<FactuurRij>(tabPath(`${base(email)}/facturen`), 'Kon facturen niet laden');
  const exporteren = (list: FactuurRij[]) =>
    download(
      `facturen-${email}.csv`,
      commaQuotedCsv(
        ['Factuurnummer', 'Datum', 'Omschrijving', 'Uren', 'Uurtarief', 'Materiaal', 'Subtotaal', 'BTW', 'Totaal', 'Betaalmethode', 'Betaald'],
        list.map((f) => [
          f.factuurnummer,
          ddMMyyyy(f.datum),
          f.omschrijving,
          String(f.uren),
          bedrag(f.uurtarief_cents),
          bedrag(f.materiaal_cents),
          bedrag(f.subtotaal_cents),
          bedrag(f.btw_bedrag_cents),
          bedrag(f.totaal_bedrag_cents),
          f.betaal_methode ?? '',
          f.betaald ? 'Ja' : 'Nee',
        ]),
      ),
    );
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <CsvButton rows={rows} onExport={exporteren} />
        </Box>
        <TabTable
          state={rows}
          empty="Geen facturen gevonden"
          headers={['Datum', 'Omschrijving', 'Uren × tarief', 'Materiaal', 'Totaal', 'Betaald']}
          rowKey={(f) => f.id}
          cells={(f) => [
            ddMMyyyy(f.datum),
            <>
              {f.omschrijving}
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {f.factuurnummer}
              </Typography>
            </>,
            `${f.uren} × ${euro(f.uurtarief_cents)}`,
            euro(f.materiaal_cents),
            euro(f.totaal_bedrag_cents),
            <Chip key="betaald" label={factuurStand(f)} color={f.betaald ? 'success' : f.credit_van || f.gecrediteerd_door ? 'default' : 'warning'} sx={{ fontWeight: 700 }} />,
          ]}
        />
      </CardContent>
    </Card>
  );
}

function Reviews({ email }: { email: string }) {
  const rows = useRows<Review>(tabPath(`${base(email)}/reviews`), 'Fout bij laden van gegevens');
  return (
    <TabRows state={rows} empty="Nog geen reviews">
      {(list) => (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {list.map((r) => (
            <Card component="li" key={r.id} sx={wrapAnywhere}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {r.beschrijving}
                </Typography>
                <Typography variant="body2" gutterBottom>
                  {ddMMyyyy(r.datum)} · {r.klusser}
                </Typography>
                {r.rating_algemeen !== null && (
                  <Typography sx={{ fontSize: '1.5rem', color: '#8a6d00' }}>
                    <Stars shown={'★'.repeat(r.rating_algemeen) + '☆'.repeat(5 - r.rating_algemeen)} spoken={`${r.rating_algemeen} van 5 sterren`} />
                  </Typography>
                )}
                <Facts
                  rows={[
                    ['Tevreden', janee(r.klant_tevreden)],
                    ['Zou aanbevelen', janee(r.zou_aanbevelen)],
                    ['Opmerkingen', r.opmerkingen || '—'],
                  ]}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </TabRows>
  );
}

/** 'CSV exporteren': the tab's rows as a file, once there are any. */
function CsvButton<T>({ rows, onExport }: { rows: ApiState<T[]>; onExport: (list: T[]) => void }) {
  return (
    <Button variant="outlined" size="large" startIcon={<DownloadIcon />} disabled={rows.kind !== 'ok' || rows.data.length === 0} onClick={() => rows.kind === 'ok' && onExport(rows.data)}>
      CSV exporteren
    </Button>
  );
}

/** A tab's rows as a table (Aanvragen Historie, Facturen). */
function TabTable<T>({ state, empty, ...table }: { state: ApiState<T[]>; empty: string; headers: string[]; rowKey: (row: T) => string; cells: (row: T) => ReactNode[] }) {
  return (
    <TabRows state={state} empty={empty}>
      {(list) => <SimpleTable {...table} rows={list} />}
    </TabRows>
  );
}

function TabRows<T>({ state, empty, children }: { state: ApiState<T[]>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (state.kind === 'loading') return <Typography role="status">Laden…</Typography>;
  if (state.kind === 'error') return <Alert severity="error">{state.message}</Alert>;
  if (state.data.length === 0) return <Typography>{empty}</Typography>;
  return <>{children(state.data)}</>;
}
