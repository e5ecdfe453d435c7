import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { useRef } from 'react';

interface KlussersPagerProps {
  pagina: number;
  perPagina: number;
  totaal: number;
  onPagina: (pagina: number) => void;
}

/**
 * The pager under the week board: which klussers of how many this page holds, and the previous and
 * next page, as large buttons in a named landmark. Nothing when the board fits on one page.
 */
export function KlussersPager({ pagina, perPagina, totaal, onPagina }: KlussersPagerProps) {
  const vorige = useRef<HTMLButtonElement>(null);
  const volgende = useRef<HTMLButtonElement>(null);
  if (totaal <= perPagina) return null;
  const laatste = Math.ceil(totaal / perPagina);
  const huidige = Math.min(pagina, laatste);
  const van = (huidige - 1) * perPagina + 1;
  const tot = Math.min(huidige * perPagina, totaal);
  // A button that becomes disabled drops the keyboard focus: hand it to the other one.
  const naar = (n: number) => {
    onPagina(n);
    if (n <= 1) volgende.current?.focus();
    if (n >= laatste) vorige.current?.focus();
  };
  return (
    <Box
      component="nav"
      aria-label="Klussers van de planning"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
    >
      <Typography aria-live="polite">
        Klussers {van}–{tot} van {totaal}
      </Typography>
      <Button
        ref={vorige}
        variant="outlined"
        size="large"
        startIcon={<ChevronLeftIcon />}
        disabled={huidige <= 1}
        onClick={() => naar(huidige - 1)}
        sx={{ minHeight: 48 }}
      >
        Vorige
      </Button>
      <Button
        ref={volgende}
        variant="outlined"
        size="large"
        endIcon={<ChevronRightIcon />}
        disabled={huidige >= laatste}
        onClick={() => naar(huidige + 1)}
        sx={{ minHeight: 48 }}
      >
        Volgende
      </Button>
    </Box>
  );
}
