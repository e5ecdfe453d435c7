import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A question before a step that cannot be undone ('Uitbetaling goedkeuren?', 'Bijschrijving
 * negeren?'): the title names the dialog, what it says describes it; 'Annuleren' and the button that
 * does it, off while it runs.
 */
export function QuestionDialog({
  id,
  title,
  children,
  confirm,
  color = 'primary',
  startIcon,
  pending,
  onConfirm,
  onClose,
  fullWidth = true,
  gap = 2,
}: {
  /** Prefix of the title's and the text's ids. */
  id: string;
  title: ReactNode;
  children: ReactNode;
  /** The label of the button that does it. */
  confirm: string;
  color?: ButtonProps['color'];
  startIcon?: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  fullWidth?: boolean;
  /** The space between what it says (a paragraph and a warning). */
  gap?: number;
}) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-tekst`} fullWidth={fullWidth} maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent id={`${id}-tekst`} sx={{ display: 'grid', gap }}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button variant="contained" color={color} size="large" startIcon={startIcon} disabled={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
