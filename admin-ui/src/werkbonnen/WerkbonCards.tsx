import { Box, Card } from '@mui/material';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { CardFigure, useListSummary } from '../lists/SummaryCards';

type Counts = ResponseBody<'/api/v1/werkbonnen/counts'>['data'];

/** The three cards of the work orders overview: total, signed, unsigned (counted by the server). */
export function WerkbonCards() {
  const counts = useListSummary<Counts>('/api/v1/werkbonnen/counts', 'ondertekend');

  const cards: [string, keyof Counts][] = [
    ['Totaal', 'totaal'],
    ['Ondertekend', 'ondertekend'],
    ['Niet ondertekend', 'niet_ondertekend'],
  ];
  return (
    <Box component="ul" aria-label="Aantal werkbonnen" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {cards.map(([label, key]) => (
        <li key={key}>
          <Card variant="outlined">
            <CardFigure label={label} value={counts === null ? '…' : counts[key]} variant="h4" testId={`werkbonnen-${key}`} />
          </Card>
        </li>
      ))}
    </Box>
  );
}
