import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The dialog around one record read from the server (a job, an invoice's follow-up, a statement):
 * its title, what it says while it loads or when it could not be read, the record's sections once
 * it is there, and at the foot what the record offers (a PDF link on the left, actions) before
 * 'Sluiten'. dialogs are the questions it opens, on top of it.
 */
export function DetailDialog({
  id,
  title,
  loading,
  failure,
  contentSx,
  actions,
  dialogs,
  onClose,
  children,
}: {
  /** The title's id, which names the dialog. */
  id: string;
  title: ReactNode;
  /** Said while the record is read ('Klus wordt geladen…'), or null once it is there or failed. */
  loading: string | null;
  /** Said when the record could not be read, else null. */
  failure: string | null;
  contentSx?: SxProps<Theme>;
  actions?: ReactNode;
  dialogs?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} maxWidth="md" fullWidth>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers sx={contentSx}>
        {failure !== null && <Alert severity="error">{failure}</Alert>}
        {loading !== null && <Typography role="status">{loading}</Typography>}
        {children}
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1, flexWrap: 'wrap' }}>
        {actions}
        <Button onClick={onClose} variant="outlined" size="large">
          Sluiten
        </Button>
      </DialogActions>
      {dialogs}
    </Dialog>
  );
}
