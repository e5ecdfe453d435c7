import { visuallyHidden } from '../a11y/ScreenReaderText';
import { Box, Button, Paper, Typography } from '@mui/material';
import { dismissToast, useToastRegions, type Toast } from '@shared-auth/toastStore';

function ToastItem({ toast }: { toast: Toast }) {
  const error = toast.kind === 'error';
  return (
    <Paper
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

/**
 * Renders the toasts of toastStore, above every screen of the console (also the login and
 * no-access pages outside react-admin). The regions come from @shared-auth's useToastRegions
 * (also the toast that the portal's /login leaves for the console's first page).
 */
export function Toaster() {
  const { polite, urgent } = useToastRegions();
  return (
    <Box
      data-toaster=""
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        left: 16,
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
