import { Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import type { ReactNode } from 'react';
import { useInput, ValidationError, type Validator } from 'react-admin';
import { useRegios } from '../regios/useRegios';

/** The regions as checkboxes: a franchise owner may run several. */
export function RegioKeuze({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: ReactNode }) {
  const { choices } = useRegios();
  return (
    <FormGroup role="group" aria-labelledby="regio-keuze-label" aria-describedby={error ? 'regio-keuze-fout' : undefined}>
      <FormLabel id="regio-keuze-label">Regio&apos;s</FormLabel>
      {choices.map((r) => (
        <FormControlLabel
          key={r.id}
          control={
            <Checkbox
              checked={value.includes(r.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, r.id] : value.filter((v) => v !== r.id))}
            />
          }
          label={r.name}
        />
      ))}
      {error && (
        <FormHelperText id="regio-keuze-fout" error>
          {error}
        </FormHelperText>
      )}
    </FormGroup>
  );
}

/** RegioKeuze as a field of a react-admin form (source 'regio'), its message under the boxes. */
export function RegioKeuzeInput({ validate }: { validate?: Validator }) {
  const { field, fieldState } = useInput<string[]>({ source: 'regio', ...(validate ? { validate } : {}) });
  const message = fieldState.error?.message;
  return (
    <RegioKeuze
      value={Array.isArray(field.value) ? field.value : []}
      onChange={field.onChange}
      {...(message ? { error: <ValidationError error={message} /> } : {})}
    />
  );
}
