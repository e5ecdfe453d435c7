import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Form, TextInput, useNotify } from 'react-admin';
import { ActionError, failureText, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import { useApiData } from '../api/useApiData';
import { CENTRAAL, fouten, ibanLeesbaar, MELDING, toBody, toForm, VELDEN, type UitgeverRow, type Veld } from './uitgever';

/** A region as the settings pages know it: its slug and name. */
export interface FactureringRegio {
  regio: string;
  naam: string;
}

const PATH = '/api/v1/factuur-uitgevers';

/** The labels of the fields, the same in the form and in the read-only view. */
const LABEL: Record<Veld, string> = {
  naam: 'Bedrijfsnaam',
  adres: 'Adres (straat en huisnummer)',
  postcode: 'Postcode',
  plaats: 'Plaats',
  kvk_nummer: 'KvK-nummer',
  btw_nummer: 'Btw-nummer',
  iban: 'IBAN',
  nummer_prefix: 'Voorvoegsel factuurnummer',
};

const PREFIX_HULP = 'Bijvoorbeeld DH: facturen DH2026-0001, DH2026-0002, …';

/** One business on the page: the central one, or a region's (row undefined: it has none). */
interface Entry {
  id: string;
  titel: string;
  row: UitgeverRow | undefined;
}

/** The central business first, then every region by name: the ones the page knows and the ones with a row. */
function entries(rows: UitgeverRow[], regios: readonly FactureringRegio[]): Entry[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const namen = new Map<string, string>();
  for (const r of rows) if (r.regio !== null) namen.set(r.regio, r.regio_naam || r.regio);
  for (const r of regios) if (!namen.has(r.regio)) namen.set(r.regio, r.naam);
  const regioEntries = [...namen.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b, 'nl'))
    .map(([slug, naam]) => ({ id: slug, titel: naam, row: byId.get(slug) }));
  return [{ id: CENTRAAL, titel: 'Centraal bedrijf', row: byId.get(CENTRAAL) }, ...regioEntries];
}

/**
 * Instellingen > Facturering (D28): the businesses that issue invoices, the central one and each
 * region's own. Every invoice names the business that issues it; a region without its own
 * invoices through the central one. Admins (editable) keep them, one form per business; a
 * franchise owner reads the central one and its own regions'.
 */
export function Facturering({ editable, regios }: { editable: boolean; regios: readonly FactureringRegio[] }) {
  // On the console's query cache under 'factuur-uitgevers' (a save invalidates it).
  const uitgevers = useApiData<UitgeverRow[]>(PATH);
  const rows = uitgevers.data === undefined ? null : Array.isArray(uitgevers.data) ? uitgevers.data : [];
  const loadError = uitgevers.data === undefined && uitgevers.failed;

  // The saved business as the server answered it, at once (the list read again agrees).
  const saved = (row: UitgeverRow) => uitgevers.set([...(rows ?? []).filter((r) => r.id !== row.id), row]);

  return (
    <Card component="section" aria-labelledby="facturering-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="facturering-title" variant="h5" component="h2" gutterBottom>
          Facturering
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Elke factuur noemt het bedrijf dat haar uitgeeft. Een regio zonder eigen bedrijf factureert via het centrale bedrijf. Een
          wijziging geldt voor facturen die daarna worden gemaakt.
        </Typography>
        {loadError && <Alert severity="error">Kon factuurgegevens niet laden</Alert>}
        {rows === null && !loadError && <Typography role="status">Factuurgegevens worden geladen…</Typography>}
        {rows !== null &&
          entries(rows, regios).map((e) => <Uitgever key={e.id} entry={e} editable={editable} onSaved={saved} />)}
      </CardContent>
    </Card>
  );
}

function Uitgever({ entry, editable, onSaved }: { entry: Entry; editable: boolean; onSaved: (row: UitgeverRow) => void }) {
  const [open, setOpen] = useState(false);
  // After Annuleren the focus goes back to the button that opened the form.
  const terug = useRef(false);
  const cancel = () => {
    terug.current = true;
    setOpen(false);
  };
  const titleId = `uitgever-${entry.id}-title`;
  const centraal = entry.id === CENTRAAL;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ borderTop: '1px solid', borderColor: 'divider', pt: 2, mt: 2 }}>
      <Typography id={titleId} variant="h6" component="h3" gutterBottom>
        {entry.titel}
      </Typography>
      {editable && (entry.row !== undefined || centraal || open) ? (
        <UitgeverForm
          entry={entry}
          onSaved={onSaved}
          onCancel={entry.row === undefined && !centraal ? cancel : undefined}
          autoFocus={open && entry.row === undefined}
        />
      ) : entry.row !== undefined ? (
        <Gegevens row={entry.row} centraal={centraal} />
      ) : (
        <>
          <Typography>{centraal ? 'Nog niet ingevuld' : 'Gebruikt het centrale bedrijf'}</Typography>
          {editable && (
            <Button
              variant="outlined"
              size="large"
              sx={{ mt: 1 }}
              onClick={() => setOpen(true)}
              ref={(el: HTMLButtonElement | null) => {
                if (el !== null && terug.current) {
                  terug.current = false;
                  el.focus();
                }
              }}
              aria-label={`Eigen bedrijf instellen voor ${entry.titel}`}
            >
              Eigen bedrijf instellen
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/** The details as text (the franchise owner's view). */
function Gegevens({ row, centraal }: { row: UitgeverRow; centraal: boolean }) {
  const waarde = (v: Veld) => (v === 'iban' ? ibanLeesbaar(row.iban) : row[v]) || '—';
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {VELDEN.filter((v) => !(centraal && v === 'nummer_prefix')).map((v) => (
        <Box key={v} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 700 }}>
            {LABEL[v]}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
            {waarde(v)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const veldId = (id: string, veld: string) => `uitgever-${id}-${veld}`;

/** What went wrong with the last save: the summary, and the field to put the focus on. */
interface Fout {
  message: string;
  focus: string | null;
}

function UitgeverForm({
  entry,
  onSaved,
  onCancel,
  autoFocus,
}: {
  entry: Entry;
  onSaved: (row: UitgeverRow) => void;
  onCancel: (() => void) | undefined;
  autoFocus: boolean;
}) {
  const notify = useNotify();
  const saveUitgever = useAction('saveFactuurUitgever');
  const [fout, setFout] = useState<Fout | null>(null);
  const busy = useRef(false);
  const centraal = entry.id === CENTRAAL;
  const velden: readonly Veld[] = centraal ? VELDEN.filter((v) => v !== 'nummer_prefix') : VELDEN;
  const inputId = (v: string) => veldId(entry.id, v);

  // The first marked field gets the focus, so that a keyboard user lands where to correct.
  useEffect(() => {
    if (fout?.focus) document.getElementById(veldId(entry.id, fout.focus))?.focus();
  }, [fout, entry.id]);

  const save = async (values: Record<string, unknown>) => {
    if (busy.current) return undefined;
    // The checks of the server first: a wrong field is marked at once and nothing is sent.
    const wrong = fouten(entry.id, values, velden);
    if (Object.keys(wrong).length > 0) {
      setFout({ message: MELDING.samenvatting, focus: velden.find((v) => v in wrong) ?? null });
      return wrong;
    }
    busy.current = true;
    setFout(null);
    try {
      const answer: ActionAnswer<unknown> = await saveUitgever.mutateAsync({ id: entry.id, body: toBody(entry.id, values) });
      notify(answer.message || 'Factuurgegevens opgeslagen', { type: 'success' });
      onSaved(answer.data as UitgeverRow);
      return undefined;
    } catch (e) {
      const fields = e instanceof ActionError ? e.fields : {};
      // Only the form's own fields go to the form (an error on a field it has not would stay
      // unseen); the messages of any other field are added to the summary.
      const eigen = Object.fromEntries(Object.entries(fields).filter(([k]) => velden.includes(k as Veld)));
      const overig = Object.entries(fields)
        .filter(([k]) => !velden.includes(k as Veld))
        .map(([, m]) => m);
      const message = [failureText(e, 'Fout bij opslaan'), ...overig].join(' ');
      setFout({ message, focus: velden.find((v) => v in eigen) ?? null });
      notify(message, { type: 'error' });
      return eigen;
    } finally {
      busy.current = false;
    }
  };

  const input = (v: Veld, extra: { helperText?: string; autoFocus?: boolean; inputMode?: 'numeric' } = {}) => (
    <TextInput
      id={inputId(v)}
      source={v}
      label={LABEL[v]}
      isRequired
      helperText={extra.helperText ?? false}
      autoFocus={extra.autoFocus}
      fullWidth
      slotProps={{ htmlInput: { spellCheck: false, ...(extra.inputMode ? { inputMode: extra.inputMode } : {}) } }}
    />
  );

  return (
    <Form defaultValues={toForm(entry.row)} onSubmit={save} noValidate>
      {fout !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {fout.message}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mb: 1 }}>
        Alle velden zijn verplicht.
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {input('naam', { autoFocus })}
        {input('adres')}
        {input('postcode', { helperText: 'Bijvoorbeeld 2271 AB' })}
        {input('plaats')}
        {input('kvk_nummer', { helperText: '8 cijfers', inputMode: 'numeric' })}
        {input('btw_nummer', { helperText: 'Bijvoorbeeld NL123456789B01' })}
        {input('iban', { helperText: 'Bijvoorbeeld NL91 ABNA 0417 1643 00' })}
        {!centraal && input('nummer_prefix', { helperText: PREFIX_HULP })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        <Button type="submit" variant="contained" size="large" aria-label={`Opslaan: ${entry.titel}`}>
          Opslaan
        </Button>
        {onCancel !== undefined && (
          <Button size="large" onClick={onCancel}>
            Annuleren
          </Button>
        )}
      </Box>
    </Form>
  );
}
