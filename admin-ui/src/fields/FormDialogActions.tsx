import { Button, DialogActions } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * The foot of a form dialog: 'Annuleren' and the form's submit button, off while the form is
 * being sent (react-hook-form's isSubmitting lasts until onSubmit's promise settles), so a double
 * click saves once. pending: a write the form does not await, if any.
 */
export function FormDialogActions({ onClose, pending = false, label }: { onClose: () => void; pending?: boolean; label: string }) {
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} size="large">
        Annuleren
      </Button>
      <Button type="submit" variant="contained" size="large" disabled={pending || isSubmitting}>
        {label}
      </Button>
    </DialogActions>
  );
}
