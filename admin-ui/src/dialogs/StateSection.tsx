import { Box, Chip, Typography, type ChipProps } from '@mui/material';
import type { ReactNode, RefObject } from 'react';

/**
 * The state of a record at the top of its dialog: 'Staat' with the state as a chip, and under it
 * the figures and notes. The section is named by both, and takes the focus after an action, so
 * a screen reader reads the new state.
 */
export function StateSection({
  id,
  label,
  color,
  focusRef,
  children,
}: {
  /** Prefix of the heading's and the chip's ids. */
  id: string;
  label: string;
  color: ChipProps['color'];
  focusRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      ref={focusRef}
      tabIndex={-1}
      aria-labelledby={`${id}-staat-kop ${id}-staat`}
      sx={{ display: 'grid', gap: 1.5, '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 4 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={`${id}-staat-kop`} variant="h6" component="h3">
          Staat
        </Typography>
        <Chip id={`${id}-staat`} label={label} color={color} sx={{ fontWeight: 700, fontSize: '1.05rem' }} />
      </Box>
      {children}
    </Box>
  );
}
