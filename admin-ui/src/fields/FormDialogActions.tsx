import { Button, DialogActions, type ButtonProps } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * The foot of a form dialog: 'Annuleren' (or cancel) and the form's submit button, off while the
 * form is being sent (react-hook-form's isSubmitting lasts until onSubmit's promise settles), so a
 * double click saves once. pending: a write the form does not await, if any.
 */
export function FormDialogActions({
  onClose,
  pending = false,
  label,
  cancel = 'Annuleren',
  color,
}: {
  onClose: () => void;
  pending?: boolean;
  label: string;
  cancel?: string;
  color?: ButtonProps['color'];
}) {
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} size="large">
        {cancel}
      </Button>
      <Button type="submit" variant="contained" color={color} size="large" disabled={pending || isSubmitting}>
        {label}
      </Button>
    </DialogActions>
  );
}
