import { visuallyHidden } from '../a11y/ScreenReaderText';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useRef } from 'react';
import { useToastSpot } from '@klusmaat/shared-ui/auth/toastPlacement';
import { dismissToast, useToastRegions, type Toast } from '@klusmaat/shared-ui/auth/toastStore';

function ToastItem({ toast }: { toast: Toast }) {
  const error = toast.kind === 'error';
  return (
    <Paper
      data-toast=""
      elevation={6}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        maxWidth: 480,
        py: 1,
        pr: 1,
        pl: 2,
        borderLeft: 8,
        borderColor: error ? '#ff8a80' : '#f2a93b',
        bgcolor: error ? '#5f1410' : '#0f2d52',
        color: '#ffffff',
        pointerEvents: 'auto',
      }}
    >
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {toast.message}
      </Typography>
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => dismissToast(toast.id)}
        sx={{ flex: 'none', '&.Mui-focusVisible': { outline: '3px solid #ffd27a' } }}
      >
        Sluiten
        <Box component="span" sx={visuallyHidden}>
          : {toast.message}
        </Box>
      </Button>
    </Paper>
  );
}

const region = { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1.5 } as const;

/** The toaster's distance to the screen's edge, for useToastSpot. */
const MARGIN_PX = 16;

/**
 * Renders the toasts of toastStore, above every screen of the console (also the login and
 * no-access pages outside react-admin). The regions come from the shared auth package's useToastRegions
 * (also the toast that the portal's /login leaves for the console's first page). They stand at
 * the bottom right, or higher up where they cover no control (@klusmaat/shared-ui/auth/toastPlacement).
 */
export function Toaster() {
  const { polite, urgent } = useToastRegions();
  const ref = useRef<HTMLDivElement>(null);
  const spot = useToastSpot(ref, [...polite, ...urgent].map((t) => t.id).join(','), MARGIN_PX);
  return (
    <Box
      ref={ref}
      data-toaster={spot.edge}
      sx={{
        position: 'fixed',
        right: MARGIN_PX,
        ...(spot.edge === 'top' ? { top: spot.top } : { bottom: MARGIN_PX }),
        left: MARGIN_PX,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 1.5,
        pointerEvents: 'none',
      }}
    >
      <Box role="status" aria-live="polite" sx={region}>
        {polite.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </Box>
      <Box role="alert" sx={region}>
        {urgent.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </Box>
    </Box>
  );
}
