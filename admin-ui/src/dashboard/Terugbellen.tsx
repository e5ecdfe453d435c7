import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import { Box, Button, Card, CardContent, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { DashboardData } from './types';

/** '26 uur te laat', '3 dagen te laat': how long past the promise of contact within 24 hours. */
export function teLaat(uren: number): string {
  if (uren < 1) return 'net te laat';
  if (uren < 48) return `${uren} uur te laat`;
  return `${Math.floor(uren / 24)} dagen te laat`;
}

/** The jobs list of the overdue requests, oldest request first as on the dashboard (D26). */
export const TERUGBELLEN_LIJST = 'terugbellen=te_laat&sort=created_at&order=ASC';

/**
 * 'Nog niet teruggebeld' (D26): the requests from the website without a logged contact 24 hours
 * after they arrived, oldest first, with how late each is; each leads to its job, where the
 * contact is logged, and the whole list to the jobs list filtered on them.
 */
export function Terugbellen({
  data,
  basename,
  jobHref,
}: {
  data: DashboardData['terugbellen'];
  basename: string;
  /** Where one job opens: the admin's jobs list with its dialog, the franchise owner's job page. */
  jobHref: (id: string) => string;
}) {
  return (
    <Card component="section" aria-labelledby="terugbellen-title" sx={{ borderLeft: 6, borderColor: data.aantal > 0 ? '#b3261e' : '#2e7d32' }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography id="terugbellen-title" variant="h5" component="h2">
            <PhoneCallbackIcon aria-hidden sx={{ verticalAlign: 'middle', mr: 1 }} />
            Nog niet teruggebeld: <span data-testid="terugbellen-aantal">{data.aantal}</span>
          </Typography>
          {data.aantal > 0 && (
            <Button component={Link} to={`${basename}/klussen?${TERUGBELLEN_LIJST}`} variant="outlined" size="large">
              Alle {data.aantal} bekijken
            </Button>
          )}
        </Box>
        {data.aantal === 0 ? (
          <Typography sx={{ mt: 1 }}>Iedereen is binnen 24 uur teruggebeld.</Typography>
        ) : (
          <>
            <Typography sx={{ mt: 1 }}>
              Aanvragen van de website zonder vastgelegd contact na 24 uur, de oudste eerst.
            </Typography>
            <List component="ol" data-testid="terugbellen-lijst">
              {data.klussen.map((k) => (
                <ListItem key={k.id} divider sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
                  <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <MuiLink component={Link} to={jobHref(k.id)} sx={{ fontWeight: 700 }}>
                      {k.naam || 'Klant zonder naam'}, {k.woonplaats}
                    </MuiLink>
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {k.categorie_label} · {k.telefoon}
                    </Typography>
                  </Box>
                  <Typography component="span" sx={{ fontWeight: 700, color: '#b3261e' }}>
                    {teLaat(k.uren_te_laat)}
                  </Typography>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
