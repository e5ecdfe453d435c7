import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The styles that keep a text out of sight but in the accessibility tree. Sizes as strings: in
 * MUI's sx a number up to 1 is a fraction, so width 1 was 100%, a box as wide as the screen from
 * where the text stands, that widened the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text for screen readers only: read where it stands, not shown. */
export function ScreenReaderText({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}

/**
 * A rating as stars that people see and words that screen readers say ('4 van 5 sterren'): an
 * aria-label on a paragraph or span is not read out, so the words are text of their own.
 */
export function Stars({ shown, spoken }: { shown: ReactNode; spoken: string }) {
  return (
    <>
      <span aria-hidden>{shown}</span>
      <ScreenReaderText>{spoken}</ScreenReaderText>
    </>
  );
}
