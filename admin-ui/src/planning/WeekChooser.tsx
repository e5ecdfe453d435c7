import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import TodayIcon from '@mui/icons-material/Today';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { addDays } from '@klusmaat/shared-ui/week';

interface WeekChooserProps {
  /** The Monday shown; undefined until the server named this week. */
  monday: string | undefined;
  regio: string;
  regions: readonly { id: string; name: string }[];
  /** A Monday, or '' for this week. */
  onWeek: (monday: string) => void;
  onRegion: (regio: string) => void;
}

/** 'Vorige week', 'Deze week', 'Volgende week' and the region of the board. */
export function WeekChooser({ monday, regio, regions, onWeek, onRegion }: WeekChooserProps) {
  return (
    <Box role="group" aria-label="Week en regio kiezen" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Button
        variant="outlined"
        size="large"
        startIcon={<ChevronLeftIcon />}
        disabled={monday === undefined}
        onClick={() => monday !== undefined && onWeek(addDays(monday, -7))}
      >
        Vorige week
      </Button>
      <Button variant="outlined" size="large" startIcon={<TodayIcon />} onClick={() => onWeek('')}>
        Deze week
      </Button>
      <Button
        variant="outlined"
        size="large"
        endIcon={<ChevronRightIcon />}
        disabled={monday === undefined}
        onClick={() => monday !== undefined && onWeek(addDays(monday, 7))}
      >
        Volgende week
      </Button>
      <TextField
        select
        label="Regio"
        value={regio}
        onChange={(e) => onRegion(e.target.value)}
        fullWidth={false}
        margin="none"
        sx={{ minWidth: 240 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Alle regio&apos;s</MenuItem>
        {regions.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
