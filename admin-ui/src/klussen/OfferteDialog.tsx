import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, InputAdornment, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { ArrayInputBase, Form, RadioButtonGroupInput, TextInput, useArrayInput, useNotify } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { ActionError, failureText } from '../api/action';
import { useAction } from '../api/useAction';
import { Facts } from '../fields/Facts';
import { FocusFirstError } from '../fields/FocusFirstError';
import { FormDialogActions } from '../fields/FormDialogActions';
import { euro } from './format';
import {
  bedragen,
  formVan,
  GELDIG_DAGEN,
  MAX_AANTAL,
  MAX_MATERIALEN,
  MAX_OMSCHRIJVING,
  MAX_UREN,
  NIEUWE_REGEL,
  REGELS,
  toInvoer,
  vandaagNL,
  type Offerte,
  type OfferteForm,
} from './offerte';

const EURO = { input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } } as const;

/**
 * The quote editor: labour as a fixed price or hours × the job's rate, the material lines, the
 * validity date, and a live calculation as the server makes it. The inputs are checked with the
 * server's rules first; a refusal's field messages show at their fields, a conflict (the customer
 * accepted meanwhile, the job is done) in the dialog, and everything typed stays.
 */
export function OfferteDialog({
  klusId,
  offerte,
  uurtariefCents,
  onClose,
  onDone,
}: {
  klusId: string;
  offerte: Offerte | null;
  uurtariefCents: number;
  onClose: () => void;
  onDone: (o: Offerte) => void;
}) {
  const notify = useNotify();
  const save = useAction('saveOfferte');
  const [defaults] = useState(() => formVan(offerte, vandaagNL()));
  const [conflict, setConflict] = useState<string | null>(null);
  const inhoud = useRef<HTMLDivElement>(null);
  const titel = offerte === null ? 'Offerte maken' : offerte.status === 'concept' ? 'Offerte wijzigen' : 'Nieuwe versie maken';

  const submit = async (values: Record<string, unknown>) => {
    setConflict(null);
    try {
      // mutateAsync, not submit: a conflict shows in the dialog, not only as a toast.
      const answer = await save.mutateAsync({ id: klusId, invoer: toInvoer(values as unknown as OfferteForm) });
      notify(answer.message, { type: 'success' });
      onDone(answer.data);
      return undefined;
    } catch (e) {
      if (e instanceof ActionError && e.status === 409) {
        setConflict(e.message);
        return undefined;
      }
      notify(failureText(e, 'Kon de offerte niet opslaan'), { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        // A click beside the dialog must not throw away a quote being written.
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="offerte-dialog-title"
      fullWidth
      maxWidth="md">
      <Form defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogTitle id="offerte-dialog-title">{titel}</DialogTitle>
        <DialogContent ref={inhoud} sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FocusFirstError within={inhoud} />
          {offerte !== null && offerte.status !== 'concept' && (
            <Alert severity="info">
              Dit wordt versie {offerte.versie + 1}. Zodra u die opslaat, kan de klant versie {offerte.versie} niet meer accepteren.
            </Alert>
          )}
          {conflict !== null && <Alert severity="error">{conflict}</Alert>}
          <Box>
            <RadioButtonGroupInput
              source="arbeid_wijze"
              label="Arbeid"
              choices={[
                { id: 'vast', name: 'Vaste prijs' },
                { id: 'uren', name: 'Uren × uurtarief' },
              ]}
              helperText={false}
              sx={{ mb: 0 }}
            />
            <Typography variant="body2">Uurtarief van deze klus: {euro(uurtariefCents)}</Typography>
          </Box>
          <Arbeid />
          <Materialen />
          <TextInput
            source="geldig_tot"
            label="Geldig tot en met"
            type="date"
            validate={REGELS.geldig}
            helperText={`Standaard ${GELDIG_DAGEN} dagen vanaf vandaag, hoogstens een jaar vooruit`}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 320 }}
          />
          <Berekening uurtariefCents={uurtariefCents} />
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} label="Opslaan" />
      </Form>
    </Dialog>
  );
}

/** The work: its description with a count, and the fixed price or the hours, whichever is chosen. */
function Arbeid() {
  const [wijze, omschrijving] = useWatch<OfferteForm, ['arbeid_wijze', 'arbeid_omschrijving']>({ name: ['arbeid_wijze', 'arbeid_omschrijving'] });
  return (
    <>
      <TextInput
        source="arbeid_omschrijving"
        label="Omschrijving van het werk"
        multiline
        minRows={2}
        validate={REGELS.omschrijving}
        helperText={`${[...(omschrijving ?? '')].length} / ${MAX_OMSCHRIJVING} tekens`}
      />
      {wijze === 'uren' ? (
        <TextInput
          key="uren"
          source="arbeid_uren"
          label="Aantal uren"
          type="number"
          validate={REGELS.uren}
          helperText="In halve uren, bijvoorbeeld 2,5"
          slotProps={{ htmlInput: { step: 0.5, min: 0.5, max: MAX_UREN, inputMode: 'decimal' } }}
          sx={{ maxWidth: 320 }}
        />
      ) : (
        <TextInput
          key="vast"
          source="arbeid_cents"
          label="Prijs (excl. btw)"
          validate={REGELS.vast}
          helperText="In euro, bijvoorbeeld 150 of 150,50"
          slotProps={{ ...EURO, htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: 320 }}
        />
      )}
    </>
  );
}

/** 'Materiaal': the material lines of the quote (an ArrayInput of the form). */
function Materialen() {
  return (
    <Box component="section" aria-labelledby="offerte-materialen-title" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="offerte-materialen-title" variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        Materiaal
      </Typography>
      <ArrayInputBase source="materialen">
        <Regels />
      </ArrayInputBase>
    </Box>
  );
}

/**
 * Each line as a fieldset named 'Materiaalregel N' with its own 'Verwijderen'. A new line's
 * description gets the focus; after a removal the focus goes to 'Materiaalregel toevoegen', since
 * the button that had it is gone.
 */
function Regels() {
  const { fields, append, remove } = useArrayInput();
  const { errors } = useFormState<OfferteForm>({ name: 'materialen' });
  const teveel = errors.materialen?.message ?? errors.materialen?.root?.message;
  const toevoegen = useRef<HTMLButtonElement>(null);
  return (
    <>
      {fields.length === 0 && <Typography variant="body2">Geen materiaalregels.</Typography>}
      {fields.map((regel, i) => (
        // A fieldset with its legend: the group's name is 'Materiaalregel N' for every engine that
        // reads it, not the first field's label (the legend is floated to sit inside the box).
        <Box
          key={regel.id}
          component="fieldset"
          sx={{ display: 'grid', gap: 1, m: 0, minWidth: 0, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 700, float: 'left', width: '100%', p: 0 }}>
            Materiaalregel {i + 1}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextInput
              source={`${i}.omschrijving`}
              label="Omschrijving"
              validate={REGELS.materiaal}
              helperText={false}
              sx={{ flex: '2 1 240px' }}
            />
            <TextInput
              source={`${i}.aantal`}
              label="Aantal"
              type="number"
              validate={REGELS.aantal}
              helperText={false}
              slotProps={{ htmlInput: { min: 1, max: MAX_AANTAL, step: 1, inputMode: 'numeric' } }}
              sx={{ flex: '0 1 120px' }}
            />
            <TextInput
              source={`${i}.prijs_cents`}
              label="Prijs per stuk (excl. btw)"
              validate={REGELS.prijs}
              helperText={false}
              slotProps={{ ...EURO, htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: '1 1 200px' }}
            />
            <Button
              variant="outlined"
              color="error"
              size="large"
              startIcon={<DeleteIcon />}
              aria-label={`Verwijderen: materiaalregel ${i + 1}`}
              onClick={() => {
                // Focus first: a field that loses the focus after the removal would blur under its
                // old index and write that line back into the form.
                toevoegen.current?.focus();
                remove(i);
              }}
              sx={{ mt: 1 }}>
              Verwijderen
            </Button>
          </Box>
        </Box>
      ))}
      {typeof teveel === 'string' && <Alert severity="error">{teveel}</Alert>}
      <Box>
        <Button
          ref={toevoegen}
          variant="outlined"
          size="large"
          startIcon={<AddIcon />}
          disabled={fields.length >= MAX_MATERIALEN}
          onClick={() => {
            append({ ...NIEUWE_REGEL }, { shouldFocus: true, focusName: `materialen.${fields.length}.omschrijving` });
          }}>
          Materiaalregel toevoegen
        </Button>
      </Box>
    </>
  );
}

/** 'Berekening': the amounts of what is typed now, as the server will compute them. */
function Berekening({ uurtariefCents }: { uurtariefCents: number }) {
  const waarden = useWatch<OfferteForm>();
  const som = bedragen(waarden, uurtariefCents);
  return (
    <Box component="section" aria-labelledby="offerte-berekening-title" data-testid="offerte-berekening" aria-live="polite">
      <Typography id="offerte-berekening-title" variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        Berekening
      </Typography>
      <Facts
        rows={[
          ['Arbeid', euro(som.arbeid)],
          ['Materiaal', euro(som.materiaal)],
          ['Subtotaal', euro(som.subtotaal)],
          ['Btw 21%', euro(som.btw)],
          ['Totaal (incl. btw)', euro(som.totaal)],
        ]}
      />
    </Box>
  );
}
