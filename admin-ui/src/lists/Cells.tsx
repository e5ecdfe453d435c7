import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Text in a table cell that wraps at spaces only, never inside a word ('Rijksstraatweg' stays
 * whole), in a column of at most `ch` characters wide; a single word longer than that line ends in
 * '…' on its own line. The full text stays in the page (screen readers read it whole) and in the
 * title, so the pointer shows it too.
 */
export function Woorden({ ch, title, children, sx }: { ch: number; title?: string; children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      title={title}
      sx={[
        {
          display: 'block',
          maxWidth: `${ch}ch`,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          overflowWrap: 'normal',
          wordBreak: 'normal',
          // Each line inside (a block of its own) ends in '…' too; on inline text it does nothing.
          '& span': { overflow: 'hidden', textOverflow: 'ellipsis' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}>
      {children}
    </Box>
  );
}

/**
 * One line that never breaks (an e-mail address, a phone number): whole when it fits in `ch`
 * characters, else cut with '…', its full text in the title and in the page.
 */
export function EenRegel({ ch, text, sx }: { ch: number; text: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      title={text}
      sx={[
        { display: 'block', maxWidth: `${ch}ch`, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}>
      {text}
    </Box>
  );
}
