import { Box, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import { relativeTime } from '../fields/relativeTime';
import { wrapAnywhere } from '../fields/wrap';
import { isStatus, STATUS_COLOUR, STATUS_ICON, STATUS_LABEL } from '../klussen/status';
import type { DashboardData } from './types';

/** 'Recente Activiteit': the ten newest jobs, with their status (icon, colour and word) and age. */
export function RecentActivity({ jobs, now }: { jobs: DashboardData['recente_activiteit']; now: Date }) {
  return (
    <Card component="section" aria-labelledby="recent-title">
      <CardContent>
        <Typography id="recent-title" variant="h5" component="h2" gutterBottom>
          Recente Activiteit
        </Typography>
        {jobs.length === 0 ? (
          <Typography>Nog geen klussen</Typography>
        ) : (
          <List data-testid="recent-activity">
            {jobs.map((job) => {
              const status = isStatus(job.status) ? job.status : 'open';
              const Icon = STATUS_ICON[status];
              return (
                <ListItem key={job.id} divider sx={{ gap: 2, alignItems: 'flex-start' }}>
                  <Icon aria-hidden sx={{ color: STATUS_COLOUR[status], mt: 0.5 }} />
                  <Box sx={{ flex: 1, ...wrapAnywhere }}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {job.categorie_label}: {job.beschrijving}
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {job.woonplaats} ·{' '}
                      <Box component="span" sx={{ color: STATUS_COLOUR[status], fontWeight: 700 }}>
                        {STATUS_LABEL[status]}
                      </Box>{' '}
                      · <time dateTime={job.created_at}>{relativeTime(job.created_at, now)}</time>
                    </Typography>
                  </Box>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
