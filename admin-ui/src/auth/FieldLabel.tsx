import type { ReactNode } from 'react';
import { Box, TextField, Typography, type TextFieldProps } from '@mui/material';

/**
 * A label above its field, in full size and always visible: MUI's floating labels shrink to
 * 75% once a field has a value, too small for many of our users.
 */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Typography component="label" htmlFor={htmlFor} sx={{ display: 'block', fontWeight: 700, mb: 0.75 }}>
      {children}
    </Typography>
  );
}

/**
 * A text field of the sign-in form with its FieldLabel above it: marked invalid (to the eye and to
 * a screen reader) when invalid, and described by describedBy (the hint, and the error when there
 * is one). htmlInput: the input's own attributes (inputMode, spellCheck, style).
 */
export function LabelledField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
  htmlInput,
  children,
  ...rest
}: Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'label' | 'slotProps' | 'children'> & {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  htmlInput?: Record<string, unknown>;
  /** What stands under the field (a button that shows the password). */
  children?: ReactNode;
}) {
  return (
    <Box>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <TextField
        variant="outlined"
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={invalid}
        slotProps={{ htmlInput: { ...htmlInput, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined } }}
        {...rest}
      />
      {children}
    </Box>
  );
}
