import { Box, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useId } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';

export interface Keuze {
  id: string;
  name: string;
}

/**
 * A list of values of a react-admin form as checkboxes (regions, specialisations, days), its
 * message under the boxes. React-admin's CheckboxGroupInput hands the field's ref to MUI's
 * FormControlLabel, which MUI 9 puts on the <label> as an unknown DOM attribute (a React
 * warning); here the ref goes to the first checkbox, which the form focuses on an error.
 */
export function CheckboxGroupInput({ source, label, choices, validate }: { source: string; label: string; choices: readonly Keuze[]; validate?: Validator | Validator[] }) {
  const { field, fieldState } = useInput<string[]>({ source, defaultValue: [], ...(validate ? { validate } : {}) });
  const id = useId();
  const value = Array.isArray(field.value) ? field.value : [];
  const message = fieldState.error?.message;
  return (
    <Box role="group" aria-labelledby={`${id}-label`} aria-describedby={message ? `${id}-fout` : undefined} sx={{ mb: 1 }}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      {/* Side by side, as many as fit: a list of eight boxes under each other is a long page. */}
      <FormGroup row>
        {choices.map((c, i) => (
          <FormControlLabel
            key={c.id}
            label={c.name}
            control={
              <Checkbox
                name={field.name}
                checked={value.includes(c.id)}
                onChange={(e) => field.onChange(e.target.checked ? [...value, c.id] : value.filter((v) => v !== c.id))}
                onBlur={field.onBlur}
                {...(i === 0 ? { slotProps: { input: { ref: field.ref } } } : {})}
              />
            }
          />
        ))}
      </FormGroup>
      {message && (
        <FormHelperText id={`${id}-fout`} error>
          <ValidationError error={message} />
        </FormHelperText>
      )}
    </Box>
  );
}
