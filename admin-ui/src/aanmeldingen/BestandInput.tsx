import { FormControl, FormHelperText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';

/** A file field with a visible label (a native input: keyboard and screen readers know it). */
function BestandVeld({ id, label, accept, file, error, onChange }: { id: string; label: string; accept: string; file: File | null; error?: ReactNode; onChange: (f: File | null) => void }) {
  return (
    <FormControl error={error !== undefined}>
      <Typography component="label" htmlFor={id} sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hulp`}
        aria-invalid={error !== undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        style={{ minHeight: 44, fontSize: '1.125rem' }}
      />
      <FormHelperText id={`${id}-hulp`}>{error ?? (file === null ? `Toegestaan: ${accept.replaceAll(',', ', ')}` : file.name)}</FormHelperText>
    </FormControl>
  );
}

/**
 * BestandVeld as an input of a react-admin Form: the chosen File is the field's value, checked by
 * validate and given the server's field message on a refusal. A form that starts again after a
 * save (Documenten) remounts, which also empties the native input.
 */
export function BestandInput({ source, id, label, accept, validate }: { source: string; id: string; label: string; accept: string; validate?: Validator | Validator[] }) {
  const { field, fieldState } = useInput<File | null>({ source, validate, defaultValue: null });
  const file = field.value instanceof File ? field.value : null;
  // react-admin's validation messages are translated by its ValidationError.
  const error = fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined;
  return <BestandVeld id={id} label={label} accept={accept} file={file} error={error} onChange={(f) => field.onChange(f)} />;
}
