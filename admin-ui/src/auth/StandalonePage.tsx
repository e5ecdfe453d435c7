import { useEffect, type ReactNode } from 'react';
import { Box, Card, CardContent, CssBaseline, Typography } from '@mui/material';
import { readConfig } from '../config';

const { brand } = readConfig();

/**
 * The frame of the console's pages outside react-admin's layout (/admin/auth,
 * /admin/no-access, the access check): one card in the middle, the console's name above it.
 */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} – ${brand} Beheer`;
  }, [title]);

  return (
    <>
      <CssBaseline />
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          bgcolor: 'background.default',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          px: 2,
          py: { xs: 4, sm: 8 },
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 560, borderTop: 6, borderColor: 'primary.main' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography component="p" sx={{ fontWeight: 800, color: 'primary.main', fontSize: '1.2rem' }}>
              {brand} Beheer
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
