import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useInput } from 'react-admin';

/**
 * A yes/no field of a react-admin form, as a switch with its label. React-admin's BooleanInput
 * hands the field's ref to MUI's FormControlLabel, which MUI 9 no longer takes: it lands on the
 * <label> as an unknown DOM attribute (a React warning), and the form cannot focus the switch on an
 * error. Here the ref goes to the switch's own input.
 */
export function SwitchInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState, id } = useInput({ source, defaultValue: false });
  return (
    <div>
      <FormControlLabel
        label={label}
        control={
          <Switch
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </div>
  );
}
