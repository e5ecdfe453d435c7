import { Card, CardContent, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { wrapAnywhere } from '../fields/wrap';
import type { DashboardData } from './types';

/** The ten towns with the most jobs; a town leads to the jobs list of that town (?woonplaats=). */
export function TopTowns({ towns, basename }: { towns: DashboardData['top_woonplaatsen']; basename: string }) {
  return (
    <Card component="section" aria-labelledby="towns-title">
      <CardContent>
        <Typography id="towns-title" variant="h5" component="h2" gutterBottom>
          Top 10 woonplaatsen
        </Typography>
        {towns.length === 0 ? (
          <Typography>Nog geen klussen</Typography>
        ) : (
          <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3 }}>
            {towns.map((t) => (
              <ListItem key={t.woonplaats} sx={{ display: 'list-item', ...wrapAnywhere }}>
                <MuiLink component={Link} to={`${basename}/klussen?woonplaats=${encodeURIComponent(t.woonplaats)}`}>
                  {t.woonplaats}
                </MuiLink>
                : {t.aantal} {t.aantal === 1 ? 'klus' : 'klussen'}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
