import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A definition list laid out as two columns, label (bold) and value: the one look of every
 * "label: value" block of the console (a card's contact data, a dialog's details). Long values
 * such as e-mail addresses wrap instead of widening the page.
 */
export function FactList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0, '& dt': { fontWeight: 700 }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}
    >
      {children}
    </Box>
  );
}

/** FactList from [label, value] pairs. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <FactList>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </FactList>
  );
}
