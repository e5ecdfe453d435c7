import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { STATUSES, STATUS_COLOUR, STATUS_ICON, STATUS_LABEL } from '../klussen/status';
import type { DashboardData } from './types';

/** The four status tiles; each leads to the jobs list filtered on its status (/admin/klussen?status=open). */
export function StatusTiles({
  counts,
  totaal,
  basename,
}: {
  counts: DashboardData['statussen'];
  totaal: number;
  basename: string;
}) {
  return (
    <Box component="section" aria-labelledby="tiles-title">
      <Typography id="tiles-title" variant="h5" component="h2" gutterBottom>
        Klussen per status <Typography component="span" variant="body1">({totaal} in totaal, zonder archief)</Typography>
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        {STATUSES.map((status) => {
          const Icon = STATUS_ICON[status];
          return (
            <li key={status}>
              <Card sx={{ bgcolor: STATUS_COLOUR[status], color: '#fff' }}>
                <CardActionArea component={Link} to={`${basename}/klussen?status=${status}`} data-testid={`tile-${status}`}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Icon fontSize="large" aria-hidden />
                    <Box>
                      <Typography variant="h6" component="span" sx={{ display: 'block' }}>
                        {STATUS_LABEL[status]}
                      </Typography>
                      <Typography variant="h3" component="span" sx={{ display: 'block' }} data-testid={`count-${status}`}>
                        {counts[status]}
                      </Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
