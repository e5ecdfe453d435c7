import { Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useRegios } from '../regios/useRegios';

/** The regions as checkboxes: a franchise owner may run several. */
export function RegioKeuze({ value, onChange, error }: { value: string[]; onChange: (v: string[]) => void; error?: string }) {
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
