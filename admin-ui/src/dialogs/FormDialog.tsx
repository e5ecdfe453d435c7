import { Alert, Dialog, DialogContent, DialogTitle, type ButtonProps, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, type FormProps } from 'react-admin';
import { FormDialogActions } from '../fields/FormDialogActions';

/**
 * A dialog that is a react-admin form (its own checks, not the browser's: noValidate): the title
 * names it, what went wrong with the whole form stands above the fields, and at the foot
 * 'Annuleren' (or cancel) and the submit button labelled label.
 */
export function FormDialog({
  id,
  title,
  open = true,
  maxWidth = 'sm',
  describedBy,
  defaultValues,
  onSubmit,
  dividers = false,
  contentSx,
  failure = null,
  label,
  pending,
  cancel,
  color,
  onClose,
  children,
}: {
  /** The title's id, which names the dialog. */
  id: string;
  title: ReactNode;
  open?: boolean;
  maxWidth?: 'sm' | 'md';
  describedBy?: string;
  defaultValues: FormProps['defaultValues'];
  onSubmit: NonNullable<FormProps['onSubmit']>;
  dividers?: boolean;
  contentSx?: SxProps<Theme>;
  /** What went wrong with the whole form, shown above the fields. */
  failure?: string | null;
  /** The submit button's label. */
  label: string;
  /** A write the form does not await, if any: the submit button is off meanwhile. */
  pending?: boolean;
  /** The cancel button's label, 'Annuleren' unless given. */
  cancel?: string;
  color?: ButtonProps['color'];
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} aria-describedby={describedBy} fullWidth maxWidth={maxWidth}>
      <Form defaultValues={defaultValues} onSubmit={onSubmit} noValidate>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent dividers={dividers} sx={contentSx}>
          {failure !== null && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={pending} label={label} cancel={cancel} color={color} />
      </Form>
    </Dialog>
  );
}

/**
 * The fields of a short form dialog one under the other; the first one's label clear of the
 * title (a dialog's content has no top padding after its title).
 */
export const FORM_FIELDS = { display: 'grid', gap: 2, pt: '8px !important' } as const;
