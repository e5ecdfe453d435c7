import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The top of a list page above its table: the page's heading (h1) and what stands under it (the
 * summary cards, an explanation, a form). grid: those one under the other with gap between them.
 */
export function ListHeader({
  title,
  grid = false,
  gutterBottom = false,
  sx,
  children,
}: {
  title: ReactNode;
  grid?: boolean;
  gutterBottom?: boolean;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  return (
    <Box sx={[{ px: 2, pt: 2 }, grid && { display: 'grid', gap: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Typography variant="h4" component="h1" gutterBottom={gutterBottom}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
