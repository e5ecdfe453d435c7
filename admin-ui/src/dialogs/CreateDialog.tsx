import { Box } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { FormDialog } from './FormDialog';

/** What a create that failed says: the message above the form and the field messages under the fields. */
export interface CreateFailure {
  message: string;
  fields?: Record<string, string>;
}

/**
 * A wide dialog that creates a record ('Nieuwe Klant', 'Nieuwe Klusser'): its columns two fields to
 * a row from 600 px on, the other fields under them; after a create the success toast and onSaved,
 * after a failure its message above the fields and the server's field messages under them.
 */
export function CreateDialog<V>({
  id,
  title,
  label,
  open,
  defaultValues,
  create,
  failure,
  columns,
  children,
  onClose,
  onSaved,
}: {
  /** The title's id, which names the dialog. */
  id: string;
  title: string;
  /** The submit button's label. */
  label: string;
  open: boolean;
  defaultValues: V;
  /** Sends the form's values; answers the success toast's text. */
  create: (values: V) => Promise<string>;
  failure: (error: unknown) => CreateFailure;
  /** The fields in two columns. */
  columns: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const [fout, setFout] = useState<string | null>(null);

  const opslaan = async (values: Record<string, unknown>) => {
    setFout(null);
    try {
      notify(await create(values as unknown as V), { type: 'success' });
      onSaved();
      return undefined;
    } catch (e) {
      const { message, fields } = failure(e);
      setFout(message);
      return fields;
    }
  };

  return (
    <FormDialog
      id={id}
      title={title}
      open={open}
      maxWidth="md"
      dividers
      defaultValues={defaultValues as Record<string, unknown>}
      onSubmit={opslaan}
      failure={fout}
      label={label}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{columns}</Box>
      {children}
    </FormDialog>
  );
}
