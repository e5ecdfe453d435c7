import { Alert, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Form, maxLength, RadioButtonGroupInput, required, TextInput, type Validator } from 'react-admin';
import { formatNL } from '@klusmaat/shared-ui/calendar';
import { errorFields } from '../api/action';
import { useAction } from '../api/useAction';
import { FocusFirstError } from '../fields/FocusFirstError';
import { FormDialogActions } from '../fields/FormDialogActions';
import { euro } from '../klussen/format';
import type { Opvolging } from './actions';
import { centenNaarInvoer, euroNaarCenten } from './bedrag';
import { VOLLE_GROOTTE } from './radio';

/** How a payment is made, as the form offers it (the server's methods). */
export const METHODES = [
  { id: 'bank', name: 'Bank (overschrijving)' },
  { id: 'pin', name: 'PIN' },
  { id: 'contant', name: 'Contant' },
] as const;

/** The note's limit, as the server checks it. */
const MAX_NOTITIE = 1000;

/** The form's values: the amount as typed, in euros; the server gets it in cents. */
interface Waarden {
  datum: string;
  bedrag: string;
  methode: string;
  notitie: string;
}

/** The date: given, a date, and not after today in Amsterdam (the server says the same). */
const datumRegels = (vandaag: string): Validator[] => [
  required('Vul de datum van de betaling in.'),
  (value: unknown) => (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(value) ? 'Vul een geldige datum in (dd-mm-jjjj).' : undefined),
  (value: unknown) => (typeof value === 'string' && value > vandaag ? 'Een betaling kan niet in de toekomst liggen.' : undefined),
];

/** The amount: euros with a decimal comma, more than zero and not more than is open. */
const bedragRegels = (openCents: number): Validator[] => [
  required('Vul het bedrag van de betaling in.'),
  (value: unknown) => {
    const cents = euroNaarCenten(typeof value === 'string' ? value : '');
    if (cents === undefined) return 'Vul een bedrag in euro in, bijvoorbeeld 12,34.';
    if (cents <= 0) return 'Vul een bedrag groter dan € 0,00 in.';
    if (cents > openCents) return `Het bedrag is hoger dan wat nog openstaat (${euro(openCents)}).`;
    return undefined;
  },
];

const methodeRegel = required('Kies hoe er is betaald: contant, pin of bank.');
const notitieRegel = maxLength(MAX_NOTITIE, 'De notitie is te lang (hoogstens 1000 tekens).');

/** The server's field names, as this form names its fields (the amount is typed in euros). */
const VELD: Readonly<Record<string, keyof Waarden>> = { datum: 'datum', bedrag_cents: 'bedrag', methode: 'methode', notitie: 'notitie' };

/**
 * 'Betaling boeken' (D30): a payment the office books by hand, on the date it was made (today in
 * Amsterdam unless changed), for an amount typed in euros with a decimal comma and sent in cents
 * exactly, with how it was paid and a note. A refused booking keeps everything typed: the server's
 * field messages stand at their fields, any other reason above the buttons. The answer is the
 * follow-up as it is now (onBooked).
 */
export function BetalingDialog({ opvolging: o, onClose, onBooked }: { opvolging: Opvolging; onClose: () => void; onBooked: (o: Opvolging) => void }) {
  const boek = useAction('boekBetaling');
  const inhoud = useRef<HTMLDivElement>(null);
  const [fout, setFout] = useState<string | null>(null);
  // The day in Amsterdam whatever the browser's zone (shared-ui/calendar), fixed while the form is open.
  const [vandaag] = useState(() => formatNL(Date.now(), 'yyyy-MM-dd'));

  const submit = async (values: Record<string, unknown>) => {
    const { datum, bedrag, methode, notitie } = values as unknown as Waarden;
    setFout(null);
    const cents = euroNaarCenten(bedrag);
    if (cents === undefined) return { bedrag: 'Vul een bedrag in euro in, bijvoorbeeld 12,34.' };
    try {
      const answer = await boek.run({ id: o.factuur_id, datum, bedrag_cents: cents, methode, notitie: (notitie ?? '').trim() }, { rethrow: true });
      if (answer !== null) onBooked(answer.data);
      return undefined;
    } catch (e) {
      const fields: Record<string, string> = {};
      const andere: string[] = [];
      for (const [k, v] of Object.entries(errorFields(e))) {
        const veld = VELD[k];
        if (veld === undefined) andere.push(v);
        else fields[veld] = v;
      }
      // A refusal without a field (the invoice was credited meanwhile): said in the form, which stays.
      if (Object.keys(fields).length === 0) setFout(andere[0] ?? (e instanceof Error && e.message !== '' ? e.message : 'Kon de betaling niet boeken.'));
      return fields;
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="betaling-title" aria-describedby="betaling-open" fullWidth maxWidth="sm">
      <Form<Waarden> defaultValues={{ datum: vandaag, bedrag: centenNaarInvoer(o.open_cents), methode: '', notitie: '' }} onSubmit={submit} noValidate>
        <DialogTitle id="betaling-title">Betaling boeken</DialogTitle>
        <DialogContent ref={inhoud} sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Typography id="betaling-open">
            Factuur {o.factuurnummer} van {o.klant_naam || 'klant zonder naam'}: nog open {euro(o.open_cents)} van {euro(o.totaal_cents)}.
          </Typography>
          <TextInput
            source="datum"
            label="Datum van de betaling"
            type="date"
            validate={datumRegels(vandaag)}
            helperText={false}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: vandaag, 'aria-required': true } }}
          />
          <TextInput
            source="bedrag"
            label="Bedrag in euro"
            validate={bedragRegels(o.open_cents)}
            helperText="Met een komma voor de centen, bijvoorbeeld 12,34."
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'aria-required': true } }}
          />
          <RadioButtonGroupInput source="methode" label="Hoe is er betaald?" choices={[...METHODES]} validate={methodeRegel} helperText={false} sx={VOLLE_GROOTTE} />
          <TextInput source="notitie" label="Notitie (niet verplicht)" multiline minRows={2} validate={notitieRegel} helperText={false} />
          {fout !== null && (
            <Alert severity="error" role="alert">
              {fout}
            </Alert>
          )}
          <FocusFirstError within={inhoud} />
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={boek.isPending} label="Betaling boeken" />
      </Form>
    </Dialog>
  );
}
