import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/**
 * A label above its field, in full size and always visible: MUI's floating labels shrink to
 * 75% once a field has a value, too small for many of our users.
 */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Typography component="label" htmlFor={htmlFor} sx={{ display: 'block', fontWeight: 700, mb: 0.75 }}>
      {children}
    </Typography>
  );
}
