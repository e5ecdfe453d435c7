import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Form, TextInput } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useApiData } from '../api/useApiData';
import { useAction } from '../api/useAction';
import { momentNl } from '../fields/dates';
import { Facts } from '../fields/Facts';
import { FocusFirstError } from '../fields/FocusFirstError';
import type { Bankrekening as Rekening } from '../uitbetalingen/actions';

/** An IBAN in groups of four, as a bank card shows it: NL91 ABNA 0417 1643 00. */
export function ibanInGroepen(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * 'Bankrekening' of a klusser (D31): the account its statements are paid to, private like the
 * phone (D5), so shown masked (NL91 **** **** **** 4300) with the holder's name. An admin changes
 * it ('Wijzigen': IBAN and 'Ten name van', checked by the server, a refusal said at its field); a
 * franchise owner reads it. After a save or 'Annuleren' the focus returns to 'Wijzigen'.
 */
export function Bankrekening({ klusserId, naam, beheer }: { klusserId: string; naam: string; beheer: boolean }) {
  const { data: b, failed, set } = useApiData<Rekening>(`/api/v1/klussers/${encodeURIComponent(klusserId)}/bankrekening`);
  const [wijzigen, setWijzigen] = useState(false);
  const knop = useRef<HTMLButtonElement>(null);
  const terug = useRef(false);
  useEffect(() => {
    if (!wijzigen && terug.current) {
      terug.current = false;
      knop.current?.focus();
    }
  }, [wijzigen]);
  const sluit = () => {
    terug.current = true;
    setWijzigen(false);
  };

  return (
    <Card component="section" aria-labelledby="sectie-bankrekening">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="sectie-bankrekening" variant="h5" component="h2">
          Bankrekening
        </Typography>
        <Typography>De uitbetalingen van de klusser worden naar deze rekening overgemaakt.</Typography>
        {b === undefined && failed && <Alert severity="error">Kon de bankrekening niet laden.</Alert>}
        {b === undefined && !failed && <Typography role="status">Bankrekening wordt geladen…</Typography>}
        {b !== undefined && !wijzigen && (
          <>
            {b.ingevuld ? (
              <Facts
                rows={[
                  ['IBAN', <span key="iban" data-testid="iban-gemaskeerd">{b.iban_gemaskeerd}</span>],
                  ['Ten name van', b.rekeninghouder],
                  ...(b.updated_at ? ([['Laatst gewijzigd', momentNl(b.updated_at)]] as [string, string][]) : []),
                ]}
              />
            ) : (
              <Alert severity="warning">IBAN ontbreekt: {naam} heeft nog geen bankrekening opgegeven. Zonder IBAN kan een uitbetaling niet mee in een betaalbestand.</Alert>
            )}
            {beheer ? (
              <Box>
                <Button ref={knop} variant="outlined" size="large" onClick={() => setWijzigen(true)} aria-label={`${b.ingevuld ? 'Wijzigen' : 'Invullen'}: bankrekening van ${naam}`}>
                  {b.ingevuld ? 'Wijzigen' : 'Invullen'}
                </Button>
              </Box>
            ) : (
              <Typography variant="body2">Alleen een beheerder of de klusser zelf kan de bankrekening wijzigen.</Typography>
            )}
          </>
        )}
        {b !== undefined && wijzigen && (
          <BankrekeningForm
            klusserId={klusserId}
            rekening={b}
            onCancel={sluit}
            onSaved={(nieuw) => {
              set(nieuw);
              sluit();
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function BankrekeningForm({ klusserId, rekening, onCancel, onSaved }: { klusserId: string; rekening: Rekening; onCancel: () => void; onSaved: (b: Rekening) => void }) {
  const save = useAction('saveKlusserBankrekening');
  const inhoud = useRef<HTMLDivElement>(null);
  const submit = (values: Record<string, unknown>) =>
    save.submit(
      { id: klusserId, iban: String(values['iban'] ?? '').trim(), rekeninghouder: String(values['rekeninghouder'] ?? '').trim() },
      (answer) => onSaved(answer.data),
    );
  return (
    <Form
      defaultValues={{ iban: rekening.iban ? ibanInGroepen(rekening.iban) : '', rekeninghouder: rekening.rekeninghouder }}
      onSubmit={submit}
      noValidate
    >
      <Box ref={inhoud} sx={{ display: 'grid', gap: 1, maxWidth: 520 }}>
        <TextInput
          source="iban"
          label="IBAN"
          helperText="Bijvoorbeeld NL91 ABNA 0417 1643 00"
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters' } }}
        />
        <TextInput source="rekeninghouder" label="Ten name van" helperText="De naam zoals de bank die kent" fullWidth slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <OpslaanKnop />
          <Button size="large" onClick={onCancel}>
            Annuleren
          </Button>
        </Box>
        <FocusFirstError within={inhoud} />
      </Box>
    </Form>
  );
}

function OpslaanKnop() {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
      Bankrekening opslaan
    </Button>
  );
}
