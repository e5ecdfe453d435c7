import { Box, Card, CardActionArea } from '@mui/material';
import { useListContext } from 'react-admin';
import { CardFigure, useListSummary } from '../lists/SummaryCards';
import { STATUSES, STATUS_COLOUR, STATUS_LABEL } from './status';
import type { KlusTellingen } from './types';

/**
 * The status count cards above the jobs list (document 001 section 2): the number of jobs per
 * status under the other filters, counted by the server; a card sets (or clears) the status filter.
 */
export function StatusCards() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const counts = useListSummary<KlusTellingen>('/api/v1/klussen/counts', 'status');

  const current = filterValues['status'];
  const choose = (status: string | undefined) => {
    const { status: _old, ...rest } = filterValues;
    void _old;
    setFilters(status === undefined || status === current ? rest : { ...rest, status }, displayedFilters);
  };

  return (
    <Box
      component="ul"
      aria-label="Aantal klussen per status"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}
    >
      {STATUSES.map((status) => (
        <li key={status}>
          <Card variant="outlined" sx={{ borderLeft: `6px solid ${STATUS_COLOUR[status]}`, bgcolor: current === status ? '#eef3fb' : undefined }}>
            <CardActionArea onClick={() => choose(status)} aria-pressed={current === status} data-testid={`card-${status}`}>
              <CardFigure label={STATUS_LABEL[status]} value={counts === null ? '…' : counts[status]} variant="h4" color={STATUS_COLOUR[status]} />
            </CardActionArea>
          </Card>
        </li>
      ))}
      <li>
        <Card variant="outlined">
          <CardActionArea onClick={() => choose(undefined)} aria-pressed={current === undefined} data-testid="card-totaal">
            <CardFigure label="Totaal" value={counts === null ? '…' : counts.totaal} variant="h4" />
          </CardActionArea>
        </Card>
      </li>
    </Box>
  );
}
