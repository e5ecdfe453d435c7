import { Alert, Box, Button, Card, CardContent, InputAdornment, Typography } from '@mui/material';
import { useRef } from 'react';
import { Form, TextInput } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useApiData } from '../api/useApiData';
import { useAction } from '../api/useAction';
import { PERCENTAGE, PERCENTAGE_FOUT, percentageTekst, type Percentage, type Percentages } from '../afdrachten/actions';
import { FocusFirstError } from '../fields/FocusFirstError';

const PATH = '/api/v1/afdracht-percentages';

/**
 * Instellingen > Afdrachtpercentage per regio (D32), for admins: each region with its own business
 * pays the central business this percentage of its monthly revenue excluding VAT (default 8%). One
 * small form per region, saved on its own, as typed ('7,5'); a refusal is said at the field, in
 * the server's words. A region without its own business pays no fee and is named, not offered.
 */
export function Afdrachtpercentages() {
  const { data, failed, set } = useApiData<Percentages>(PATH);
  const regios = data?.regios ?? [];
  const eigen = regios.filter((r) => r.eigen_bedrijf);
  const zonder = regios.filter((r) => !r.eigen_bedrijf);
  const opgeslagen = (p: Percentage) => set({ regios: regios.map((r) => (r.regio === p.regio ? p : r)) });

  return (
    <Card component="section" aria-labelledby="afdrachtpercentage-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="afdrachtpercentage-title" variant="h5" component="h2" gutterBottom>
          Afdrachtpercentage per regio
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Een regio met een eigen bedrijf draagt elke maand dit percentage van haar omzet zonder btw af aan het centrale bedrijf. Een wijziging geldt voor de
          afdrachten die daarna worden gemaakt.
        </Typography>
        {data === undefined && failed && <Alert severity="error">Kon de afdrachtpercentages niet laden</Alert>}
        {data === undefined && !failed && <Typography role="status">Afdrachtpercentages worden geladen…</Typography>}
        {data !== undefined && eigen.length === 0 && <Typography>Nog geen regio heeft een eigen bedrijf.</Typography>}
        {eigen.map((p) => (
          <PercentageForm key={`${p.regio}-${p.percentage}`} p={p} onSaved={opgeslagen} />
        ))}
        {zonder.length > 0 && (
          <Typography sx={{ mt: 2 }}>
            Zonder eigen bedrijf, dus zonder afdracht: {zonder.map((r) => r.naam).join(', ')}.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function PercentageForm({ p, onSaved }: { p: Percentage; onSaved: (p: Percentage) => void }) {
  const save = useAction('saveAfdrachtPercentage');
  const inhoud = useRef<HTMLDivElement>(null);
  const submit = async (values: Record<string, unknown>) => {
    const percentage = String(values['percentage'] ?? '').trim();
    if (!PERCENTAGE.test(percentage)) return { percentage: PERCENTAGE_FOUT };
    return save.submit({ regio: p.regio, percentage }, (answer) => onSaved(answer.data));
  };
  const id = `afdracht-${p.regio}`;
  return (
    <Box component="section" aria-labelledby={`${id}-naam`} sx={{ borderTop: 1, borderColor: 'divider', pt: 2, mt: 2 }}>
      <Typography id={`${id}-naam`} variant="h6" component="h3" gutterBottom>
        {p.naam}
      </Typography>
      <Form defaultValues={{ percentage: percentageTekst(p.percentage) }} onSubmit={submit} noValidate>
        <Box ref={inhoud} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextInput
            id={`${id}-percentage`}
            source="percentage"
            label={`Afdrachtpercentage ${p.naam}`}
            helperText="Bijvoorbeeld 8 of 7,5"
            sx={{ width: 280, m: 0 }}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false },
            }}
          />
          <OpslaanKnop naam={p.naam} />
          <FocusFirstError within={inhoud} />
        </Box>
      </Form>
    </Box>
  );
}

/** 'Opslaan', off while the form is being sent (a double click saves once). */
function OpslaanKnop({ naam }: { naam: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" disabled={isSubmitting} aria-label={`Opslaan: afdrachtpercentage ${naam}`} sx={{ mt: 1 }}>
      Opslaan
    </Button>
  );
}
