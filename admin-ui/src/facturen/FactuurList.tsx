import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, useDataProvider, useListContext, useNotify } from 'react-admin';
import { useIsAdmin } from '../auth/useMe';
import { SelectInput } from '../fields/SelectInput';
import { RegioSelectInput } from '../regios/RegioInputs';
import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { BETAALMETHODE } from '@klusmaat/shared-ui/money';
import { failureText } from '../api/action';
import { useAction } from '../api/useAction';
import type { ConsoleDataProvider } from '../dataProvider';
import { download } from '../klanten/csv';
import { ddMMyyyy } from '../fields/dates';
import { euro } from '../klussen/format';
import { EenRegel, Woorden } from '../lists/Cells';
import { EmptyList } from '../lists/EmptyList';
import { choiceFilter, searchFilter } from '../lists/filters';
import { filterQuery } from '../lists/filterQuery';
import { FactuurDialog } from './FactuurDialog';
import { ResourceList } from '../lists/ResourceList';
import { SummaryCards, useListSummary } from '../lists/SummaryCards';
import { Debiteurenlijst } from './Debiteurenlijst';
import { OpvolgingDialog } from './OpvolgingDialog';
import { dagenOverTijd, NOG_OPEN, OUDERDOM_KEUZES, STAAT_KEUZES, STAAT_KLEUR, staatTekst, termijnTekst } from './staat';
import { UrlFilters } from './UrlFilters';

type Factuur = ListItem<'/api/v1/facturen'>;
type Totals = ResponseBody<'/api/v1/facturen/totalen'>['data'];

const FILTERS = [
  searchFilter('Zoeken (factuurnummer, klant of omschrijving)'),
  <SelectInput
    key="betaal_methode"
    source="betaal_methode"
    label="Betaalmethode"
    alwaysOn
    sx={{ minWidth: 200 }}
    emptyText="Alle"
    choices={[...Object.entries(BETAALMETHODE).map(([id, name]) => ({ id, name })), { id: 'open', name: 'Nog niet geregistreerd' }]}
  />,
  choiceFilter('betaald', 'Betaling', 'Betaald en openstaand', [
    ['nee', 'Openstaand (opvolgen)'],
    ['ja', 'Betaald'],
  ]),
  <SelectInput key="staat" source="staat" label="Staat" alwaysOn emptyText="Alle" choices={STAAT_KEUZES} />,
  <SelectInput key="ouderdom" source="ouderdom" label="Ouderdom" alwaysOn emptyText="Alle" choices={[...OUDERDOM_KEUZES]} />,
  <RegioSelectInput key="regio" source="regio" label="Regio" alwaysOn emptyText="Alle regio's" />,
];

/** The filters a link may set in the address (/admin/facturen?regio=den-haag&ouderdom=31-60, from the dashboards). */
const URL_FILTERS = ['staat', 'ouderdom', 'regio', 'betaald'] as const;

/** Count, revenue, VAT and what is still open (amount and invoices) for the list's filter, counted by the server. */
function TotalCards() {
  const totals = useListSummary<Totals>('/api/v1/facturen/totalen');
  const cards: [string, string][] = totals === null ? [] : [
    ['Facturen', String(totals.aantal)],
    ['Omzet (incl. btw)', euro(totals.omzet_cents)],
    ['Btw', euro(totals.btw_cents)],
    ['Openstaand', `${euro(totals.open_cents)} (${totals.openstaand} ${totals.openstaand === 1 ? 'factuur' : 'facturen'})`],
  ];
  return <SummaryCards label="Totalen van de facturen" testId="facturen" cards={cards} />;
}

/** 'CSV exporteren': the server writes every invoice of the current filter (comma, quoted). */
function CsvExport() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [busy, setBusy] = useState(false);
  const exporteren = async () => {
    setBusy(true);
    try {
      const csv = await dataProvider.readText(`/api/v1/facturen/export.csv${filterQuery(filterValues, '')}`, 'text/csv', 'Fout bij exporteren');
      download('facturen.csv', csv);
      notify('Facturen geëxporteerd naar CSV', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error && e.message !== '' ? e.message : 'Fout bij exporteren', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="large" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void exporteren()}>
      CSV exporteren
    </Button>
  );
}

/**
 * The state as the chip says it (D30), and under it what the office needs to follow it up: how far
 * past its due date an open invoice is, which invoice a credit invoice corrects, and the way to its
 * follow-up (here rather than among the actions, whose column would push the table past 1280 px).
 */
function StaatCel({ f, onOpvolging }: { f: Factuur; onOpvolging: () => void }) {
  const dagen = NOG_OPEN.has(f.staat) ? dagenOverTijd(f.vervaldatum) : null;
  const onder = f.credit_van ? `voor ${f.credit_van}` : dagen !== null ? termijnTekst(dagen) : null;
  return (
    <>
      <Chip
        label={staatTekst(f.staat, f.gecrediteerd_door)}
        color={STAAT_KLEUR[f.staat] ?? 'default'}
        // A long state ('Gecrediteerd door DH2026-0003') wraps inside its chip rather than
        // widening the column until the actions leave the screen at 1280 px.
        sx={{ fontWeight: 700, height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center' } }}
      />
      {onder !== null && (
        <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5, fontWeight: dagen !== null && dagen > 0 ? 700 : 400 }}>
          {onder}
        </Typography>
      )}
      <Button variant="outlined" onClick={onOpvolging} aria-label={`Opvolging: factuur ${f.factuurnummer}`} sx={{ display: 'flex', mt: 0.5 }}>
        Opvolging
      </Button>
    </>
  );
}

function Verzenden({ factuur }: { factuur: Factuur }) {
  const notify = useNotify();
  const verzenden = useAction('sendFactuur');
  const send = async () => {
    try {
      // mutateAsync, not run: a refusal is said in the server's own words (failureText).
      const a = await verzenden.mutateAsync({ id: factuur.id });
      notify(a.message, { type: 'success' });
    } catch (e) {
      notify(failureText(e, 'Kon factuur niet verzenden'), { type: 'error' });
    }
  };
  return (
    <Button variant="outlined" disabled={verzenden.isPending} onClick={() => void send()} aria-label={`Verzenden: factuur ${factuur.factuurnummer}`}>
      Verzenden
    </Button>
  );
}

/**
 * The invoices (document 001 section 2, Invoices), /admin/facturen and /franchise/facturen: totals
 * for the filter, search, filters on payment, state (D30), age past the due date and region (a
 * dashboard links here with ?regio=…&ouderdom=…), each invoice's state and what is still open, its
 * follow-up ('Opvolging'), the PDF, the debtors list per business, and, for admins, sending an
 * invoice to the customer again. A franchise owner sees its regions' invoices (the server decides).
 */
export default function FactuurList() {
  const admin = useIsAdmin();
  const [bekijk, setBekijk] = useState<Factuur | null>(null);
  const [opvolging, setOpvolging] = useState<{ id: string; nummer: string } | null>(null);
  return (
    <>
      <ResourceList title="Facturen" failure="Kon facturen niet laden" sort={{ field: 'datum', order: 'DESC' }} filters={FILTERS} actions={false}>
        <UrlFilters names={URL_FILTERS} />
        <Box sx={{ px: 2, pt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
            <Typography variant="h4" component="h1">
              Facturen
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Debiteurenlijst />
              <CsvExport />
            </Box>
          </Box>
          <TotalCards />
        </Box>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          // Tighter cells and a narrower description keep the actions in view at 1280 px.
          sx={{
            '& .MuiTableCell-root': { px: 0.75 },
            // The customer and the description wrap at spaces only, the customer in at most 20
            // characters (lists/Cells): a row with a long state, its days past due and its
            // follow-up button still fits 1280 px.
            '& .column-totaal_bedrag_cents': { whiteSpace: 'nowrap' },
          }}
          empty={<EmptyList none="Geen facturen gevonden" filtered="Geen facturen gevonden" />}>
          {/* The number over its date: one column, so the customer's e-mail address fits whole. */}
          <FunctionField<Factuur>
            source="datum"
            label="Factuur"
            render={(f) => (
              <>
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {f.factuurnummer}
                </Box>
                <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {ddMMyyyy(f.datum)}
                </Typography>
              </>
            )}
          />
          <FunctionField<Factuur>
            label="Klant"
            sortable={false}
            render={(f) => (
              // Whole words: a long e-mail address stays on one line, cut with '…' (the whole address
              // in the title and the page) instead of breaking inside the address.
              // The name is left out when it is the e-mail address (the server's stand-in for a
              // customer without a name), so the address is not shown twice.
              <>
                {f.klant_naam !== f.klant_email && <Woorden ch={18}>{f.klant_naam || '—'}</Woorden>}
                <EenRegel ch={20} text={f.klant_email || 'geen e-mailadres'} sx={{ typography: 'body2' }} />
              </>
            )}
          />
          <FunctionField<Factuur>
            source="omschrijving"
            label="Omschrijving"
            sortable={false}
            render={(f) => (
              <Woorden ch={16} title={f.omschrijving}>
                {f.omschrijving}
              </Woorden>
            )}
          />
          {/* The total over what is still open of it, in one column. */}
          <FunctionField<Factuur>
            source="totaal_bedrag_cents"
            label="Bedrag"
            render={(f) => (
              <>
                {euro(f.totaal_bedrag_cents)}
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  Open: <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{euro(f.open_cents)}</Box>
                </Typography>
              </>
            )}
          />
          <FunctionField<Factuur>
            label="Staat"
            sortable={false}
            render={(f) => <StaatCel f={f} onOpvolging={() => setOpvolging({ id: f.id, nummer: f.factuurnummer })} />}
          />
          <FunctionField<Factuur>
            label="Acties"
            sortable={false}
            render={(f) => (
              // Stacked: side by side they push the column past 1280 px.
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
                <Button variant="outlined" onClick={() => setBekijk(f)} aria-label={`Bekijken: factuur ${f.factuurnummer}`}>
                  Bekijken
                </Button>
                <Link href={`/api/v1/facturen/${f.id}/pdf`} target="_blank" rel="noopener" aria-label={`PDF van factuur ${f.factuurnummer}`}>
                  PDF
                </Link>
                {admin && <Verzenden factuur={f} />}
              </Box>
            )}
          />
        </Datagrid>
      </ResourceList>
      {bekijk !== null && (
        <FactuurDialog
          factuur={bekijk}
          onClose={() => setBekijk(null)}
          onOpvolging={() => {
            setBekijk(null);
            setOpvolging({ id: bekijk.id, nummer: bekijk.factuurnummer });
          }}
        />
      )}
      {opvolging !== null && <OpvolgingDialog id={opvolging.id} nummer={opvolging.nummer} onClose={() => setOpvolging(null)} />}
    </>
  );
}
