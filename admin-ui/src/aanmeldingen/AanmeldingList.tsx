import { Box, Button, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { Datagrid, FunctionField, NumberField, TextField, useListContext } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import { Link } from 'react-router-dom';
import type { ListItem, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { DayField } from '../fields/DayField';
import { EmptyList } from '../lists/EmptyList';
import { searchFilter } from '../lists/filters';
import { CardFigure, useListSummary } from '../lists/SummaryCards';
import { ResourceList } from '../lists/ResourceList';
import { ReactieTeLaatBanner, ReactieTeLaatChip } from './ReactieTeLaat';
import {
  AANMELDING_STATUS_CHOICES,
  AANMELDING_STATUS_COLOR,
  AANMELDING_STATUS_LABEL,
  AANMELDING_STATUSSEN,
  aanmeldingPath,
  isAanmeldingStatus,
  statusLabel,
} from './status';

type Aanmelding = ListItem<'/api/v1/aanmeldingen'>;
type Counts = ResponseBody<'/api/v1/aanmeldingen/counts'>['data'];

const FILTERS = [
  searchFilter('Zoeken op naam, e-mail, telefoon of woonplaats', 360),
  <SelectInput key="status" source="status" label="Status" alwaysOn emptyText="Alle statussen" choices={AANMELDING_STATUS_CHOICES} />,
];

/** The status as a badge: the Dutch word, with a colour as an extra (never colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Chip
      label={statusLabel(status)}
      color={isAanmeldingStatus(status) ? AANMELDING_STATUS_COLOR[status] : 'default'}
      variant="outlined"
      sx={{ fontWeight: 700 }}
    />
  );
}

/**
 * One card per status with its count (for the current search); a click shows that status only,
 * a second click on the chosen card shows them all again.
 */
function CountCards() {
  const { filterValues, setFilters } = useListContext();
  const counts = useListSummary<Counts>('/api/v1/aanmeldingen/counts', 'status');
  const chosen = typeof filterValues['status'] === 'string' ? filterValues['status'] : '';
  return (
    <Box component="ul" aria-label="Aanmeldingen per status" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {AANMELDING_STATUSSEN.map((status) => {
        const active = chosen === status;
        const count = counts === null ? '…' : String(counts[status] ?? 0);
        return (
          <li key={status}>
            <Card variant="outlined" sx={{ borderWidth: active ? 3 : 1, borderColor: active ? 'primary.main' : undefined }}>
              <CardActionArea
                aria-pressed={active}
                onClick={() => {
                  const rest = { ...filterValues };
                  delete rest['status'];
                  setFilters(active ? rest : { ...rest, status }, {});
                }}
                sx={{ minHeight: 44 }}
              >
                <CardFigure label={`${AANMELDING_STATUS_LABEL[status]}${active ? ' (gekozen)' : ''}`} value={count} testId={`aanmeldingen-${status}`} />
              </CardActionArea>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}

/** The newest applications first; the application page's pager follows the same order. */
export const LIJST_SORT = { field: 'created_at', order: 'DESC' } as const;

/**
 * 'Aanmeldingen' (document 001), /admin/klusser-aanmeldingen: the applications from /word-klusser,
 * newest first, with a card per status, search and a status filter. A row opens the application.
 */
export default function AanmeldingList() {
  return (
    <ResourceList title="Aanmeldingen" failure="Fout bij laden van aanmeldingen" sort={LIJST_SORT} filters={FILTERS} actions={false}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          Aanmeldingen
        </Typography>
        <CountCards />
        <ReactieTeLaatBanner />
      </Box>
      <Datagrid bulkActionButtons={false} rowClick="edit" empty={<EmptyList none="Nog geen aanmeldingen" filtered="Geen aanmeldingen gevonden" />}>
        <TextField source="naam" label="Naam" />
        <NumberField source="leeftijd" label="Leeftijd" sortable={false} />
        <TextField source="woonplaats" label="Woonplaats" />
        <TextField source="telefoon" label="Telefoon" sortable={false} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField<Aanmelding>
          source="status"
          label="Status"
          render={(a) => (
            <>
              <StatusBadge status={a.status} />
              {a.reactie_te_laat && <ReactieTeLaatChip />}
            </>
          )}
        />
        <DayField source="created_at" label="Datum" />
        <FunctionField<Aanmelding>
          label="Acties"
          sortable={false}
          render={(a) => (
            <Button variant="outlined" component={Link} to={aanmeldingPath(a.id)} onClick={(e) => e.stopPropagation()} aria-label={`Bekijken: aanmelding van ${a.naam}`}>
              Bekijken
            </Button>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
}
