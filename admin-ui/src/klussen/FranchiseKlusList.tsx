import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, SimpleList, useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { DayField } from '../fields/DayField';
import { ddMMyyyy } from '../fields/dates';
import { EenRegel, Woorden } from '../lists/Cells';
import { EmptyList } from '../lists/EmptyList';
import { ResourceList } from '../lists/ResourceList';
import { UrlFilterRedirect } from '../lists/UrlPrefill';
import { NoRegionNotice } from '../auth/NoRegionNotice';
import { KLUS_FILTERS } from './filters';
import { isStatus, STATUS_LABEL } from './status';
import type { KlusRij } from './types';

const FILTERS = [KLUS_FILTERS.zoeken, KLUS_FILTERS.status, KLUS_FILTERS.woonplaats, KLUS_FILTERS.terugbellen];

/** The filters that the dashboard's links set in the address (?status=bezig, ?woonplaats=Leidschendam, ?terugbellen=te_laat). */
const URL_FILTERS = ['status', 'woonplaats', 'terugbellen'] as const;

/**
 * The franchise owner's jobs, /franchise/klussen (document 001 section 2, Franchise jobs): the
 * jobs of its regions only (row-level security), by date ascending (document 001 section 7),
 * searchable, filtered as the dashboard's links say, read-only; Details opens
 * /franchise/klussen/{id}.
 */
export default function FranchiseKlusList() {
  return (
    <UrlFilterRedirect names={URL_FILTERS}>
      <Klussen />
    </UrlFilterRedirect>
  );
}

function Klussen() {
  const basename = useBasename();
  // A phone: one line per job (what, when, where, status) that opens its page, not a wide table.
  const smal = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ResourceList title="Klussen" failure="Kon klussen niet laden" sort={{ field: 'datum', order: 'ASC' }} filters={FILTERS} actions={false}>
      <Box sx={{ px: 2, pt: 2, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          Klussen in jouw regio
        </Typography>
        <Button component={Link} to={`${basename}/dashboard`} variant="outlined" size="large">
          Terug naar dashboard
        </Button>
      </Box>
      <NoRegionNotice />
      {smal ? (
        <SimpleList<KlusRij>
          primaryText={(r) => r.beschrijving}
          secondaryText={(r) => `${ddMMyyyy(r.datum)} · ${r.woonplaats}`}
          tertiaryText={(r) => (isStatus(r.status) ? STATUS_LABEL[r.status] : r.status)}
          rowClick="edit"
          // react-admin dims the status to 54 % opacity, below the 4.5:1 contrast small text needs.
          sx={{ '& .RaSimpleList-tertiary': { opacity: 1, color: 'text.secondary' } }}
          empty={<EmptyList none="Geen klussen gevonden" filtered="Geen klussen gevonden" />}
        />
      ) : (
        // Six columns that fit 1280 px with whole words: the category over its description, the
        // street over postcode and town, the e-mail address over the phone; a word too long for its
        // column ends in '…' (its full text in the title), so Status and Details stay in view.
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
          empty={<EmptyList none="Geen klussen gevonden" filtered="Geen klussen gevonden" />}>
          <DayField source="datum" label="Datum" />
          <FunctionField<KlusRij>
            label="Klus"
            sortable={false}
            render={(r) => (
              <Woorden ch={21} title={`${r.categorie}: ${r.beschrijving}`}>
                <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {r.categorie}
                </Box>
                {r.beschrijving}
              </Woorden>
            )}
          />
          <FunctionField<KlusRij>
            label="Adres"
            sortBy="woonplaats"
            render={(r) => (
              <Woorden ch={16} title={`${r.adres}, ${r.postcode} ${r.woonplaats}`}>
                <Box component="span" sx={{ display: 'block' }}>
                  {r.adres}
                </Box>
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{r.postcode}</Box> {r.woonplaats}
                </Typography>
              </Woorden>
            )}
          />
          <FunctionField<KlusRij>
            label="Contact"
            sortable={false}
            render={(r) => (
              <>
                <EenRegel ch={20} text={r.email || '—'} />
                <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {r.telefoon}
                </Typography>
              </>
            )}
          />
          <FunctionField<KlusRij> label="Status" sortBy="status" render={(r) => (isStatus(r.status) ? STATUS_LABEL[r.status] : r.status)} />
          <FunctionField<KlusRij>
            label="Details"
            sortable={false}
            render={(r) => (
              <Button component={Link} to={`${basename}/klussen/${r.id}`} variant="outlined" aria-label={`Details van ${r.beschrijving}`}>
                Details
              </Button>
            )}
          />
        </Datagrid>
      )}
    </ResourceList>
  );
}
