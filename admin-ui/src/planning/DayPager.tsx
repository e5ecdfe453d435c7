import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { dagKort } from '@klusmaat/shared-ui/week';

interface DayPagerProps {
  shown: readonly string[];
  canEarlier: boolean;
  canLater: boolean;
  onEarlier: () => void;
  onLater: () => void;
}

/** Where fewer than seven days fit (a tablet): which days are shown, and the earlier and later ones. */
export function DayPager({ shown, canEarlier, canLater, onEarlier, onLater }: DayPagerProps) {
  const first = shown[0] ?? '';
  const last = shown.at(-1) ?? '';
  return (
    <Box role="group" aria-label="Dagen van de week" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button variant="outlined" startIcon={<ChevronLeftIcon />} disabled={!canEarlier} onClick={onEarlier}>
        Eerdere dagen
      </Button>
      <Button variant="outlined" endIcon={<ChevronRightIcon />} disabled={!canLater} onClick={onLater}>
        Latere dagen
      </Button>
      <Typography aria-live="polite" sx={{ fontWeight: 700 }}>
        {first === last ? dagKort(first) : `${dagKort(first)} – ${dagKort(last)}`}
      </Typography>
    </Box>
  );
}
