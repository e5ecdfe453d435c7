import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Form, RadioButtonGroupInput, required, useNotify } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { ActionError, failureText } from '../api/action';
import { invalidate } from '../api/useAction';
import { BestandInput } from '../aanmeldingen/BestandInput';
import { isAdmin, useMe } from '../auth/useMe';
import { BETALING_SCREENS } from '../facturen/actions';
import { uitgeverNaam, type Uitgever } from '../facturen/uitgevers';
import { FocusFirstError } from '../fields/FocusFirstError';
import { VOLLE_GROOTTE } from '../facturen/radio';
import { IMPORT_FOUT, importeerAfschrift, type Afschrift } from './importeren';

const kiesUitgever = required('Kies het bedrijf van wie dit bankafschrift is.');
const kiesBestand = required('Kies een bankafschrift (CAMT.053, een XML-bestand).');

/**
 * 'Bankafschrift inlezen' (D30): the business whose account the statement is of, and the file the
 * bank gave (CAMT.053, XML). The server checks the file whole before it books anything; a refusal
 * is said at the field it concerns (the file, the business), any other under the form. An admin
 * chooses among every business, a franchise owner among its regions' own (the central business's
 * statements are the central office's).
 */
export function Inlezen({ uitgevers, onIngelezen }: { uitgevers: Uitgever[] | undefined; onIngelezen: (a: Afschrift, message: string) => void }) {
  const me = useMe();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inhoud = useRef<HTMLDivElement>(null);
  const [fout, setFout] = useState<string | null>(null);
  // A new form after each import: the native file input starts empty again.
  const [ronde, setRonde] = useState(0);
  const keuzes = useMemo(() => {
    const eigen = (uitgevers ?? []).filter((u) => isAdmin(me) || (u.regio !== null && (me?.regions ?? []).includes(u.regio)));
    return eigen.map((u) => ({ id: u.id, name: uitgeverNaam(u) }));
  }, [uitgevers, me]);
  const [enige] = keuzes;

  const submit = async (values: Record<string, unknown>) => {
    const uitgever = String(values['uitgever'] ?? '');
    const bestand = values['bestand'];
    setFout(null);
    if (!(bestand instanceof File)) return { bestand: 'Kies een bankafschrift (CAMT.053, een XML-bestand).' };
    try {
      const answer = await importeerAfschrift(uitgever, bestand);
      void invalidate(queryClient, BETALING_SCREENS);
      notify(answer.message || 'Bankafschrift ingelezen', { type: 'success' });
      setRonde((r) => r + 1);
      onIngelezen(answer.data, answer.message);
      return undefined;
    } catch (e) {
      const fields = e instanceof ActionError ? e.fields : {};
      const { bestand: bestandFout, uitgever: uitgeverFout } = fields;
      if (bestandFout === undefined && uitgeverFout === undefined) setFout(failureText(e, IMPORT_FOUT));
      notify(failureText(e, IMPORT_FOUT), { type: 'error' });
      return { ...(bestandFout ? { bestand: bestandFout } : {}), ...(uitgeverFout ? { uitgever: uitgeverFout } : {}) };
    }
  };

  return (
    <Card component="section" aria-labelledby="inlezen-title" variant="outlined">
      <CardContent>
        <Typography id="inlezen-title" variant="h5" component="h2" gutterBottom>
          Bankafschrift inlezen
        </Typography>
        <Typography gutterBottom>
          Download bij de bank het afschrift als CAMT.053-bestand (XML). Bijschrijvingen die precies één openstaande factuur noemen met precies het open
          bedrag worden meteen geboekt; de andere staan hieronder klaar om te beoordelen. Een afschrift dat al eerder is ingelezen boekt niets dubbel.
        </Typography>
        {uitgevers === undefined || me === null ? (
          <Typography role="status">Bedrijven worden geladen…</Typography>
        ) : keuzes.length === 0 ? (
          <Alert severity="info">Uw regio heeft geen eigen bedrijf: de bankafschriften van het centrale bedrijf leest het centrale kantoor in.</Alert>
        ) : (
          <Form key={`${ronde}-${enige?.id ?? ''}`} defaultValues={{ uitgever: keuzes.length === 1 ? (enige?.id ?? '') : '', bestand: null }} onSubmit={submit} noValidate>
            <Box ref={inhoud} sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
              <RadioButtonGroupInput source="uitgever" label="Van welk bedrijf is het afschrift?" choices={keuzes} validate={kiesUitgever} helperText={false} row={false} sx={VOLLE_GROOTTE} />
              <BestandInput source="bestand" id="afschrift-bestand" label="Bestand (CAMT.053, .xml)" accept=".xml" validate={kiesBestand} />
              {fout !== null && (
                <Alert severity="error" role="alert">
                  {fout}
                </Alert>
              )}
              <InlezenKnop />
              <FocusFirstError within={inhoud} />
            </Box>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** The form's button, off while the file is being read (a double click imports once). */
function InlezenKnop() {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" size="large" startIcon={<UploadFileIcon />} disabled={isSubmitting}>
      {isSubmitting ? 'Bezig met inlezen…' : 'Inlezen'}
    </Button>
  );
}
