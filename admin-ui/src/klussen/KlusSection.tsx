import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A section of a job's details (Offerte, Gratis schouw, Contact met de klant): its h3 title with its buttons beside it, then what it shows. */
export function KlusSection({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={id} variant="h6" component="h3">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
