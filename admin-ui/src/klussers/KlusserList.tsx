import { Box, Button, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Datagrid, FunctionField, TextField, useBasename, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { EmptyList } from '../lists/EmptyList';
import { NewButton } from '../lists/NewButton';
import { choiceFilter, searchFilter } from '../lists/filters';
import { ResourceList } from '../lists/ResourceList';
import { RegioSelectInput } from '../regios/RegioInputs';
import { useRegios } from '../regios/useRegios';
import { SummaryCards, useListSummary } from '../lists/SummaryCards';
import { NoRegionNotice } from '../auth/NoRegionNotice';
import { useIsAdmin } from '../auth/useMe';
import { KlusserRowActions } from './KlusserRowActions';
import { NieuweKlusserDialog } from './NieuweKlusserDialog';

type Klusser = ListItem<'/api/v1/klussers'>;
type Totalen = ResponseBody<'/api/v1/klussers/totalen'>['data'];

const ONE_DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const HOURS = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

/** A rating with one decimal, or N/A without one (document 001 section 2, Franchise handymen). */
export const beoordeling = (v: number | null) => (v === null ? 'N/A' : ONE_DECIMAL.format(v));

/** Hours with a Dutch decimal comma: 312,5. */
export const uren = (v: number) => HOURS.format(v);

const FILTERS = [searchFilter('Zoeken op naam, e-mail of telefoon')];

/** The admin's filters (section 2): region and status; archived klussers are hidden by default. */
const ADMIN_FILTERS = [
  ...FILTERS,
  <RegioSelectInput key="regio" source="regio" label="Regio" alwaysOn emptyText="Alle regio's" />,
  choiceFilter('actief', 'Status', 'Alle', [
    ['ja', 'Actief'],
    ['nee', 'Inactief'],
  ]),
];

/**
 * 'Gearchiveerde klussers tonen': archived klussers are the inactive ones; hidden means the list
 * asks for active klussers only, shown means no status filter (the status filter stays usable).
 */
function ArchiefSchakelaar() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const fromFilter = filterValues['actief'] !== 'ja';
  // The switch moves at once; the list follows when the address has the new filter.
  const [tonen, setTonen] = useState(fromFilter);
  useEffect(() => setTonen(fromFilter), [fromFilter]);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={tonen}
          onChange={(e) => {
            setTonen(e.target.checked);
            const rest = { ...(filterValues as Record<string, unknown>) };
            delete rest['actief'];
            setFilters(e.target.checked ? rest : { ...rest, actief: 'ja' }, displayedFilters, false);
          }}
        />
      }
      label="Gearchiveerde klussers tonen"
    />
  );
}

/** The four summary cards, counted by the server for the list's filter. */
function TotalCards() {
  const totalen = useListSummary<Totalen>('/api/v1/klussers/totalen');
  if (totalen === null) return null;
  const cards: [string, string][] = [
    ['Totaal klussers', String(totalen.totaal)],
    ['Actief', String(totalen.actief)],
    ['Gemiddelde beoordeling', beoordeling(totalen.gemiddelde_beoordeling)],
    ['Totaal uren', uren(totalen.totaal_uren)],
  ];
  return <SummaryCards label="Totalen van de klussers" testId="klussers" cards={cards} />;
}

function NieuweKlusser() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <NewButton label="Nieuwe Klusser" onClick={() => setOpen(true)} />
      {open && (
        <NieuweKlusserDialog
          open
          onClose={() => setOpen(false)}
          // The create refreshes the list itself (react-admin's useCreate), the totals follow it.
          onSaved={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** The list's order and, for an admin, its filter when it opens (the klusser page's pager follows them). */
export const LIJST_SORT = { field: 'naam', order: 'ASC' } as const;
export const lijstFilter = (franchise: boolean) => (franchise ? {} : { actief: 'ja' });

/**
 * The klussers by name: /admin/klussers (every region) and /franchise/klussers (the owner's
 * regions only, by row-level security). Details opens the klusser's page.
 */
export default function KlusserList() {
  const basename = useBasename();
  // A franchise owner reads the klussers of their regions, on /admin/* too (auth/useMe.ts).
  const admin = useIsAdmin();
  const franchise = basename === '/franchise' || !admin;
  const { naam: regioNaam } = useRegios();
  return (
    <ResourceList
      title="Klussers"
      failure="Kon klussers niet laden"
      sort={LIJST_SORT}
      filters={franchise ? FILTERS : ADMIN_FILTERS}
      filterDefaultValues={lijstFilter(franchise)}
      actions={false}
    >
      <Box sx={{ px: 2, pt: 2, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {franchise ? 'Klussers in jouw regio' : 'Klussers'}
        </Typography>
        {franchise ? (
          <Button component={Link} to={`${basename}/dashboard`} variant="outlined" size="large">
            Terug naar dashboard
          </Button>
        ) : (
          <NieuweKlusser />
        )}
      </Box>
      <NoRegionNotice />
      {!franchise && (
        <Box sx={{ px: 2 }}>
          <TotalCards />
          <ArchiefSchakelaar />
        </Box>
      )}
      <Datagrid
        bulkActionButtons={false}
        // A row opens the klusser (section 2); its buttons keep their clicks to themselves.
        rowClick="edit"
        // Ten columns: tighter cells and unbroken phone numbers keep the row menu in view at 1280 px.
        sx={{ '& .MuiTableCell-root': { px: 0.75 }, '& td:nth-of-type(2)': { overflowWrap: 'anywhere', minWidth: 160 } }}
        empty={<EmptyList none={franchise ? 'Geen klussers gevonden in jouw regio' : 'Nog geen klussers'} filtered={franchise ? 'Geen klussers gevonden in jouw regio' : 'Geen klussers gevonden'} />}
      >
        <TextField source="naam" label="Naam" />
        <TextField source="email" label="E-mail" sortable={false} />
        <TextField source="telefoon" label="Telefoon" sortable={false} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField<Klusser> label="Regio" sortable={false} render={(k) => k.regio.map(regioNaam).join(', ')} />
        <FunctionField<Klusser> source="gemiddelde_beoordeling" label="Beoordeling" render={(k) => beoordeling(k.gemiddelde_beoordeling)} />
        <FunctionField<Klusser> source="totaal_uren" label="Totaal uren" render={(k) => uren(k.totaal_uren)} />
        <FunctionField<Klusser> label="Status" sortable={false} render={(k) => (k.actief ? 'Actief' : 'Inactief')} />
        {!franchise && (
          <FunctionField<Klusser>
            label="Website"
            sortable={false}
            render={(k) => <Chip size="small" label={k.zichtbaar_op_website ? 'Zichtbaar' : 'Verborgen'} color={k.zichtbaar_op_website ? 'success' : 'default'} />}
          />
        )}
        <FunctionField<Klusser>
          label={franchise ? 'Details' : 'Acties'}
          sortable={false}
          render={(k) => (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
              <Button component={Link} to={`${basename}/klussers/${k.id}`} variant="outlined" aria-label={`Details van ${k.naam}`}>
                Details
              </Button>
              {!franchise && <KlusserRowActions klusser={k} />}
            </Box>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
}
