import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { useRef } from 'react';

interface KlussersPagerProps {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

/** Vorige and Volgende: large, at least 48 px high. */
const PAGE_BUTTON = { variant: 'outlined', size: 'large', sx: { minHeight: 48 } } as const;

/**
 * The pager under the week board: which klussers of how many this page holds, and the previous and
 * next page, as large buttons in a named landmark. Nothing when the board fits on one page.
 */
export function KlussersPager({ page, perPage, total, onPage }: KlussersPagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (total <= perPage) return null;
  const last = Math.ceil(total / perPage);
  const current = Math.min(page, last);
  const from = (current - 1) * perPage + 1;
  const to = Math.min(current * perPage, total);
  // A button that becomes disabled drops the keyboard focus: hand it to the other one.
  const goTo = (n: number) => {
    onPage(n);
    if (n <= 1) next.current?.focus();
    if (n >= last) previous.current?.focus();
  };
  return (
    <Box
      component="nav"
      aria-label="Klussers van de planning"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
    >
      <Typography aria-live="polite">
        Klussers {from}–{to} van {total}
      </Typography>
      <Button ref={previous} {...PAGE_BUTTON} startIcon={<ChevronLeftIcon />} disabled={current <= 1} onClick={() => goTo(current - 1)}>
        Vorige
      </Button>
      <Button ref={next} {...PAGE_BUTTON} endIcon={<ChevronRightIcon />} disabled={current >= last} onClick={() => goTo(current + 1)}>
        Volgende
      </Button>
    </Box>
  );
}
