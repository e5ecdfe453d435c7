import { Box, Button, Typography } from '@mui/material';
import { Datagrid, FunctionField, TextField, TextInput, useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ListItem } from '@shared-api-types';
import { regioNaam } from '../klussen/status';
import { EmptyList } from '../lists/EmptyList';
import { ResourceList } from '../lists/ResourceList';
import { NoRegionNotice } from '../auth/NoRegionNotice';

type Klusser = ListItem<'/api/v1/klussers'>;

const ONE_DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const HOURS = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

/** A rating with one decimal, or N/A without one (document 001 section 2, Franchise handymen). */
export const beoordeling = (v: number | null) => (v === null ? 'N/A' : ONE_DECIMAL.format(v));

/** Hours with a Dutch decimal comma: 312,5. */
export const uren = (v: number) => HOURS.format(v);

const FILTERS = [<TextInput key="q" source="q" label="Zoeken op naam, e-mail of telefoon" alwaysOn resettable sx={{ minWidth: 320 }} />];

/**
 * The klussers by name: /admin/klussers (every region) and /franchise/klussers (the owner's
 * regions only, by row-level security). Details opens the klusser's page.
 */
export default function KlusserList() {
  const basename = useBasename();
  const franchise = basename === '/franchise';
  return (
    <ResourceList title="Klussers" failure="Kon klussers niet laden" sort={{ field: 'naam', order: 'ASC' }} filters={FILTERS} actions={false} empty={false}>
      <Box sx={{ px: 2, pt: 2, display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {franchise ? 'Klussers in jouw regio' : 'Klussers'}
        </Typography>
        {franchise && (
          <Button component={Link} to={`${basename}/dashboard`} variant="outlined" size="large">
            Terug naar dashboard
          </Button>
        )}
      </Box>
      <NoRegionNotice />
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        empty={<EmptyList none={franchise ? 'Geen klussers gevonden in jouw regio' : 'Nog geen klussers'} filtered={franchise ? 'Geen klussers gevonden in jouw regio' : 'Geen klussers gevonden'} />}
      >
        <TextField source="naam" label="Naam" />
        <TextField source="email" label="E-mail" sortable={false} />
        <TextField source="telefoon" label="Telefoon" sortable={false} />
        <FunctionField<Klusser> label="Regio" sortable={false} render={(k) => k.regio.map(regioNaam).join(', ')} />
        <FunctionField<Klusser> source="gemiddelde_beoordeling" label="Beoordeling" render={(k) => beoordeling(k.gemiddelde_beoordeling)} />
        <FunctionField<Klusser> source="totaal_uren" label="Totaal uren" render={(k) => uren(k.totaal_uren)} />
        <FunctionField<Klusser> label="Status" sortable={false} render={(k) => (k.actief ? 'Actief' : 'Inactief')} />
        <FunctionField<Klusser>
          label="Details"
          sortable={false}
          render={(k) => (
            <Button component={Link} to={`${basename}/klussers/${k.id}`} variant="outlined" aria-label={`Details van ${k.naam}`}>
              Details
            </Button>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
}
