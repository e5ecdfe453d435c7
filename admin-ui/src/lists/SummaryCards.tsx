import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { useApiData } from '../api/useApiData';
import { filterQuery } from './filterQuery';

/**
 * The summary of a list's filter, counted by the server (path?filters, answering {data}): asked
 * again whenever the filter or the page's data change (a row changed status). null until it
 * answers, or when it fails (the cards then stay away rather than show wrong figures). except: a
 * filter the cards split on themselves (counts per status ignore the status filter).
 */
export function useListSummary<T>(path: string, except = ''): T | null {
  const { filterValues, data } = useListContext();
  // On the query cache under the list's resource (api/useApiData.ts): an action that invalidates
  // the resource reads the summary again too.
  const summary = useApiData<T>(`${path}${filterQuery(filterValues, except)}`);
  // A change the list's own cache took in (a create, a delete) counts too: read again when the
  // rows change, not when they first arrive.
  const { reload } = summary;
  const rows = useRef(data);
  useEffect(() => {
    if (rows.current !== undefined && rows.current !== data) reload();
    rows.current = data;
  }, [data, reload]);
  return summary.failed ? null : (summary.data ?? null);
}

/**
 * What a figure card holds: its label (bold, in the colour of what it counts if given) above the
 * figure; the figure has a test id if given.
 */
export function CardFigure({
  label,
  value,
  variant = 'h5',
  color,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  variant?: 'h4' | 'h5';
  color?: string;
  testId?: string;
}) {
  return (
    <CardContent sx={{ py: 1.5 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 700, color }}>
        {label}
      </Typography>
      <Typography component="span" variant={variant} sx={{ display: 'block' }} data-testid={testId}>
        {value}
      </Typography>
    </CardContent>
  );
}

/** A row of figure cards (label above, figure below) as a labelled list; each figure has a test id. */
export function SummaryCards({ label, testId, cards }: { label: string; testId: string; cards: [string, string][] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {cards.map(([name, value]) => (
        <li key={name}>
          <Card variant="outlined">
            <CardFigure label={name} value={value} testId={`${testId}-${name}`} />
          </Card>
        </li>
      ))}
    </Box>
  );
}
