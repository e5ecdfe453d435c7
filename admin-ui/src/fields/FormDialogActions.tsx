import { Button, DialogActions } from '@mui/material';

/** The foot of a form dialog: 'Annuleren' and the form's submit button, off while it is sent. */
export function FormDialogActions({ onClose, pending, label }: { onClose: () => void; pending: boolean; label: string }) {
  return (
    <DialogActions>
      <Button onClick={onClose} size="large">
        Annuleren
      </Button>
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {label}
      </Button>
    </DialogActions>
  );
}
