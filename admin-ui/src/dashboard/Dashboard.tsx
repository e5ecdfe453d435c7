import { useEffect } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import type { ConsoleArea } from '../auth/AccessGuard';

interface DashboardProps {
  area: ConsoleArea;
  brand: string;
}

const WELCOME: Record<ConsoleArea, (brand: string) => string> = {
  admin: (brand) => `Welkom in het beheer van ${brand}. Hier vindt u straks klussen, klussers, aanmeldingen en facturen.`,
  franchise: (brand) => `Welkom in het franchiseportaal van ${brand}. Hier vindt u straks de klussen en klussers van uw regio.`,
};

/** Start page of the console, at /admin/dashboard and /franchise/dashboard. */
export function Dashboard({ area, brand }: DashboardProps) {
  useEffect(() => {
    document.title = `Dashboard – ${brand}`;
  }, [brand]);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="ra.page.dashboard" />
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          Dashboard
        </Typography>
        <Typography variant="body1">{WELCOME[area](brand)}</Typography>
      </CardContent>
    </Card>
  );
}
