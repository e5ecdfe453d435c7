import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Chip,
  type ChipProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { ZONE } from '@klusmaat/shared-ui/calendar';
import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';
import { ActionError, failureText } from '../api/action';
import { useAction } from '../api/useAction';
import { useApiData } from '../api/useApiData';
import { Facts } from '../fields/Facts';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { euro } from './format';

type Offerte = NonNullable<ResponseBody<'/api/v1/klussen/{id}/offerte'>['data']>;
type OfferteInvoer = RequestBody<'/api/v1/klussen/{id}/offerte', 'put'>;
type Wijze = 'vast' | 'uren';

/** The editor's limits, as services/offerte checks them. */
const MAX_MATERIALEN = 30;
const MAX_OMSCHRIJVING = 200;
const MAX_AANTAL = 999;
const MAX_UREN = 100;
const MAX_CENTS = 10_000_000;
const GELDIG_DAGEN = 30;
const BTW_PROCENT = 21;

/** The server's field messages (services/offerte/service.go), so both say the same. */
export const MELDING = {
  wijze: 'Kies een vaste prijs of uren maal het uurtarief.',
  arbeid: 'Beschrijf het werk (hoogstens 200 tekens).',
  vast: 'Vul een vaste prijs in van meer dan € 0.',
  uren: 'Vul het aantal uren in, in halve uren (0,5 tot 100).',
  materiaal: 'Beschrijf het materiaal (hoogstens 200 tekens).',
  aantal: 'Vul een aantal in van 1 tot 999.',
  prijs: 'Vul een prijs per stuk in (€ 0 of meer).',
  teveel: 'Een offerte heeft hoogstens 30 materiaalregels.',
  geldig: 'Kies een geldigheidsdatum vanaf vandaag, hoogstens een jaar vooruit.',
} as const;

/** A quote's state as the office reads it; the colour always comes with the words. */
const STAND: Record<string, { label: string; color: ChipProps['color'] }> = {
  concept: { label: 'Concept', color: 'default' },
  verstuurd: { label: 'Offerte verstuurd', color: 'default' },
  akkoord: { label: 'Akkoord', color: 'success' },
  niet_akkoord: { label: 'Niet akkoord', color: 'error' },
  verlopen: { label: 'Verlopen', color: 'warning' },
};
const standLabel = (status: string) => STAND[status]?.label ?? status;

/** Today's date in Amsterdam, 'YYYY-MM-DD', whatever the browser's zone. */
function vandaagNL(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A calendar date 'YYYY-MM-DD' moved by days and years (Feb 29 + 1 year is March 1, as in Go). */
function verschuif(iso: string, dagen: number, jaren = 0): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Date(Date.UTC(Number(m[1]) + jaren, Number(m[2]) - 1, Number(m[3]) + dagen)).toISOString().slice(0, 10);
}

/** A typed amount in euros ('150', '150,50', '150.50', '€ 150') as cents; undefined when it is none. */
export function euroNaarCenten(input: string): number | undefined {
  const s = input.replace(/€/g, '').replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return undefined;
  return Math.round(Number(s) * 100);
}

/** Cents as the price inputs hold them: '150,50'. */
const centenNaarInvoer = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Typed hours ('2.5' from the number input, or '2,5') as a number; undefined when they are none. */
function urenVan(input: string): number | undefined {
  const s = input.trim().replace(',', '.');
  return /^\d{1,3}(\.\d+)?$/.test(s) ? Number(s) : undefined;
}

/** A whole quantity 1..999 typed as text; undefined otherwise. */
function aantalVan(input: string): number | undefined {
  const s = input.trim();
  if (!/^\d{1,3}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 && n <= MAX_AANTAL ? n : undefined;
}

/** A description as the server stores it: runs of white space as one space, trimmed. */
const tekst = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
const tekstFout = (s: string) => s === '' || [...s].length > MAX_OMSCHRIJVING;

interface Regel {
  sleutel: number;
  omschrijving: string;
  aantal: string;
  prijs: string;
}

interface Formulier {
  wijze: Wijze;
  omschrijving: string;
  /** The fixed price in euros, as typed. */
  prijs: string;
  /** The hours, as typed. */
  uren: string;
  materialen: Regel[];
  geldigTot: string;
}

/** The form for a quote: a new one, the concept itself, or a new version after a sent one (fresh validity). */
function formulierVan(o: Offerte | null, vandaag: string): Formulier {
  const standaard = verschuif(vandaag, GELDIG_DAGEN);
  if (o === null) return { wijze: 'vast', omschrijving: '', prijs: '', uren: '', materialen: [], geldigTot: standaard };
  const uren = o.arbeid_wijze === 'uren';
  return {
    wijze: uren ? 'uren' : 'vast',
    omschrijving: o.arbeid_omschrijving,
    prijs: uren ? '' : centenNaarInvoer(o.arbeid_cents),
    uren: uren && o.arbeid_uren !== null ? String(o.arbeid_uren) : '',
    materialen: o.materialen.map((m, i) => ({ sleutel: i, omschrijving: m.omschrijving, aantal: String(m.aantal), prijs: centenNaarInvoer(m.prijs_cents) })),
    geldigTot: o.status === 'concept' ? o.geldig_tot : standaard,
  };
}

/** The amounts as the server computes them (offerte.Reken): VAT 21 % rounded to the cent, halves up. */
function bedragen(f: Formulier, uurtariefCents: number) {
  const uren = urenVan(f.uren);
  const arbeid = f.wijze === 'vast' ? (euroNaarCenten(f.prijs) ?? 0) : uren === undefined ? 0 : Math.round(uren * uurtariefCents);
  const materiaal = f.materialen.reduce((som, r) => som + (aantalVan(r.aantal) ?? 0) * (euroNaarCenten(r.prijs) ?? 0), 0);
  const subtotaal = arbeid + materiaal;
  const btw = Math.floor((subtotaal * BTW_PROCENT + 50) / 100);
  return { arbeid, materiaal, subtotaal, btw, totaal: subtotaal + btw };
}

/** The form checked with the server's rules and messages (offerte.Check), and the body to send. */
function controleer(f: Formulier, vandaag: string): { fouten: Record<string, string>; invoer: OfferteInvoer } {
  const fouten: Record<string, string> = {};
  const arbeidCents = euroNaarCenten(f.prijs);
  const uren = urenVan(f.uren);
  if (f.wijze === 'vast' && (arbeidCents === undefined || arbeidCents <= 0 || arbeidCents > MAX_CENTS)) fouten['arbeid_cents'] = MELDING.vast;
  if (f.wijze === 'uren' && (uren === undefined || uren < 0.5 || uren > MAX_UREN || !Number.isInteger(uren * 2))) fouten['arbeid_uren'] = MELDING.uren;
  const omschrijving = tekst(f.omschrijving);
  if (tekstFout(omschrijving)) fouten['arbeid_omschrijving'] = MELDING.arbeid;
  if (f.materialen.length > MAX_MATERIALEN) fouten['materialen'] = MELDING.teveel;
  const materialen = f.materialen.map((r, i) => {
    const m = { omschrijving: tekst(r.omschrijving), aantal: aantalVan(r.aantal), prijs_cents: euroNaarCenten(r.prijs) };
    if (tekstFout(m.omschrijving)) fouten[`materialen.${i}.omschrijving`] = MELDING.materiaal;
    if (m.aantal === undefined) fouten[`materialen.${i}.aantal`] = MELDING.aantal;
    if (m.prijs_cents === undefined || m.prijs_cents > MAX_CENTS) fouten[`materialen.${i}.prijs_cents`] = MELDING.prijs;
    return { omschrijving: m.omschrijving, aantal: m.aantal ?? 0, prijs_cents: m.prijs_cents ?? 0 };
  });
  // Empty is the server's default (30 days from today); a chosen date lies within a year from today.
  if (f.geldigTot !== '' && (!/^\d{4}-\d{2}-\d{2}$/.test(f.geldigTot) || f.geldigTot < vandaag || f.geldigTot > verschuif(vandaag, 0, 1))) {
    fouten['geldig_tot'] = MELDING.geldig;
  }
  return {
    fouten,
    invoer: {
      arbeid_wijze: f.wijze,
      arbeid_omschrijving: omschrijving,
      arbeid_cents: f.wijze === 'vast' ? (arbeidCents ?? 0) : 0,
      arbeid_uren: f.wijze === 'uren' ? (uren ?? 0) : 0,
      materialen,
      geldig_tot: f.geldigTot,
    },
  };
}

/**
 * 'Offerte' (D26) on a job: the latest version of its quote (lines, VAT, total, validity, what the
 * customer decided, the earlier versions), the editor, sending it to the customer and its PDF.
 * Saving a concept overwrites it; saving after it was sent or declined makes a new version. An
 * accepted quote does not change any more, and a finished job gets no new quote (bewerkbaar).
 */
export function OfferteSection({
  klusId,
  bewerkbaar,
  heeftEmail,
  uurtariefCents,
}: {
  klusId: string;
  bewerkbaar: boolean;
  heeftEmail: boolean;
  /** The job's hourly rate: the server prices hours with the job's rate when the quote is saved. */
  uurtariefCents: number;
}) {
  const path = `/api/v1/klussen/${encodeURIComponent(klusId)}/offerte`;
  const { data: offerte, failed, set: setOfferte } = useApiData<Offerte | null>(path);
  const [dialog, setDialog] = useState<'bewerken' | 'versturen' | null>(null);
  const wijzigbaar = bewerkbaar && offerte !== undefined && offerte?.status !== 'akkoord';
  const concept = offerte?.status === 'concept';
  const geenEmailId = `offerte-geen-email-${klusId}`;

  const done = (o: Offerte) => {
    setOfferte(o);
    setDialog(null);
  };

  return (
    <Box component="section" aria-labelledby={`offerte-${klusId}`} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={`offerte-${klusId}`} variant="h6" component="h3">
          Offerte
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {wijzigbaar && (
            <Button variant="outlined" size="large" startIcon={<EditIcon />} onClick={() => setDialog('bewerken')}>
              {offerte === null ? 'Offerte maken' : concept ? 'Offerte wijzigen' : 'Nieuwe versie maken'}
            </Button>
          )}
          {wijzigbaar && concept && (
            <Button
              variant="contained"
              size="large"
              startIcon={<SendIcon />}
              disabled={!heeftEmail}
              aria-describedby={heeftEmail ? undefined : geenEmailId}
              onClick={() => setDialog('versturen')}>
              Offerte versturen
            </Button>
          )}
          {offerte && (
            <Button component="a" href={`${path}.pdf`} target="_blank" rel="noopener" variant="outlined" size="large" startIcon={<PictureAsPdfIcon />}>
              PDF bekijken
            </Button>
          )}
        </Box>
      </Box>
      {failed && <Alert severity="error">Kon de offerte niet laden.</Alert>}
      {wijzigbaar && concept && !heeftEmail && (
        <Typography id={geenEmailId} variant="body2">
          De klant heeft geen e-mailadres; de offerte kan niet per e-mail worden verstuurd.
        </Typography>
      )}
      {offerte === null && <Typography>Nog geen offerte.</Typography>}
      {offerte && <OfferteDetails offerte={offerte} />}
      {dialog === 'bewerken' && offerte !== undefined && (
        <OfferteDialog klusId={klusId} offerte={offerte} uurtariefCents={uurtariefCents} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog === 'versturen' && <VersturenDialog klusId={klusId} onClose={() => setDialog(null)} onDone={done} />}
    </Box>
  );
}

/** Hours and quantities with a Dutch comma: 2,5. */
const aantalNl = (n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 1 });

/** The latest version: number, state, lines and totals, validity, the customer's decision and the earlier versions. */
function OfferteDetails({ offerte: o }: { offerte: Offerte }) {
  const stand = STAND[o.status];
  return (
    <Box data-testid="offerte" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {o.nummer}, versie {o.versie}
        </Typography>
        <Chip data-testid="offerte-status" label={stand?.label ?? o.status} color={stand?.color ?? 'default'} sx={{ fontWeight: 700 }} />
      </Box>
      <Table size="small" aria-label={`Regels van offerte ${o.nummer}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">Omschrijving</TableCell>
            <TableCell component="th" scope="col" align="right">Aantal</TableCell>
            <TableCell component="th" scope="col" align="right">Prijs</TableCell>
            <TableCell component="th" scope="col" align="right">Bedrag</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {o.regels.map((r, i) => (
            <TableRow key={i}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.omschrijving}</TableCell>
              <TableCell align="right">{r.eenheid === 'vaste prijs' ? 'vaste prijs' : `${aantalNl(r.aantal)} ${r.eenheid}`}</TableCell>
              <TableCell align="right">{euro(r.prijs_cents)}</TableCell>
              <TableCell align="right">{euro(r.bedrag_cents)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} align="right">Subtotaal</TableCell>
            <TableCell align="right">{euro(o.subtotaal_cents)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} align="right">Btw 21%</TableCell>
            <TableCell align="right">{euro(o.btw_cents)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3} align="right" sx={{ fontWeight: 700 }}>Totaal (incl. btw)</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="offerte-totaal">{euro(o.totaal_cents)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography>Geldig tot en met {ddMMyyyy(o.geldig_tot)}</Typography>
      {o.verstuurd_op && <Typography>Verstuurd op {momentNl(o.verstuurd_op)}</Typography>}
      {o.status === 'akkoord' && <Typography>Akkoord gegeven op {momentNl(o.beslist_op)}</Typography>}
      {o.status === 'niet_akkoord' && <Typography>Niet akkoord op {momentNl(o.beslist_op)}</Typography>}
      {o.reden !== '' && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>Reden van de klant: {o.reden}</Typography>}
      {o.eerdere.length > 0 && (
        <Box data-testid="offerte-eerdere">
          <Typography>Eerdere versies:</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {o.eerdere.map((v) => (
              <li key={v.versie}>
                versie {v.versie} – {standLabel(v.status)} – {euro(v.totaal_cents)}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The field errors without the given keys; a key ending in '.' drops every key under it. */
function zonder(fouten: Record<string, string>, ...sleutels: string[]): Record<string, string> {
  const rest: Record<string, string> = {};
  for (const [k, v] of Object.entries(fouten)) {
    if (!sleutels.some((s) => (s.endsWith('.') ? k.startsWith(s) : k === s))) rest[k] = v;
  }
  return rest;
}

/**
 * The editor: labour as a fixed price or hours × the job's rate, the material lines, the validity
 * date, and a live calculation as the server makes it. The form is checked with the server's rules
 * first; a refusal's field messages show at their fields, and everything typed stays.
 */
function OfferteDialog({
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
  const [form, setForm] = useState<Formulier>(() => formulierVan(offerte, vandaagNL()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  // Keys for new material lines, and the line whose description gets the focus.
  const volgende = useRef(form.materialen.length);
  const [nieuw, setNieuw] = useState<number | null>(null);
  const toevoegen = useRef<HTMLButtonElement>(null);
  const inhoud = useRef<HTMLDivElement>(null);
  // After a refused save, the first marked field gets the focus.
  const [poging, setPoging] = useState(0);
  useEffect(() => {
    if (poging > 0) inhoud.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [poging]);

  const titel = offerte === null ? 'Offerte maken' : offerte.status === 'concept' ? 'Offerte wijzigen' : 'Nieuwe versie maken';
  const som = bedragen(form, uurtariefCents);

  const zet = (wijziging: Partial<Formulier>, ...velden: string[]) => {
    setForm((f) => ({ ...f, ...wijziging }));
    if (velden.length > 0) setErrors((e) => zonder(e, ...velden));
  };
  const zetRegel = (i: number, wijziging: Partial<Regel>, veld: string) => {
    setForm((f) => ({ ...f, materialen: f.materialen.map((r, j) => (j === i ? { ...r, ...wijziging } : r)) }));
    setErrors((e) => zonder(e, `materialen.${i}.${veld}`));
  };
  const regelErbij = () => {
    const sleutel = volgende.current++;
    setForm((f) => ({ ...f, materialen: [...f.materialen, { sleutel, omschrijving: '', aantal: '1', prijs: '' }] }));
    setNieuw(sleutel);
  };
  const regelWeg = (i: number) => {
    setForm((f) => ({ ...f, materialen: f.materialen.filter((_, j) => j !== i) }));
    // The lines after it move up: their messages no longer belong to their index.
    setErrors((e) => zonder(e, 'materialen', 'materialen.'));
    toevoegen.current?.focus();
  };

  const submit = async () => {
    const { fouten, invoer } = controleer(form, vandaagNL());
    setErrors(fouten);
    setConflict(null);
    if (Object.keys(fouten).length > 0) {
      setPoging((p) => p + 1);
      return;
    }
    try {
      // mutateAsync, not run: a conflict shows in the dialog, not as a toast.
      const answer = await save.mutateAsync({ id: klusId, invoer });
      notify(answer.message, { type: 'success' });
      onDone(answer.data);
    } catch (e) {
      if (e instanceof ActionError && e.status === 409) {
        setConflict(e.message);
      } else {
        if (e instanceof ActionError && Object.keys(e.fields).length > 0) {
          setErrors(e.fields);
          setPoging((p) => p + 1);
        }
        notify(failureText(e, 'Kon de offerte niet opslaan'), { type: 'error' });
      }
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
      <DialogTitle id="offerte-dialog-title">{titel}</DialogTitle>
      <DialogContent ref={inhoud} sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {offerte !== null && offerte.status !== 'concept' && (
          <Alert severity="info">
            Dit wordt versie {offerte.versie + 1}. Zodra u die opslaat, kan de klant versie {offerte.versie} niet meer accepteren.
          </Alert>
        )}
        {conflict !== null && <Alert severity="error">{conflict}</Alert>}
        <FormControl error={errors['arbeid_wijze'] !== undefined} required>
          <FormLabel id="offerte-wijze-label">Arbeid</FormLabel>
          <RadioGroup
            row
            aria-labelledby="offerte-wijze-label"
            value={form.wijze}
            onChange={(e) => zet({ wijze: e.target.value === 'uren' ? 'uren' : 'vast' }, 'arbeid_wijze', 'arbeid_cents', 'arbeid_uren')}>
            <FormControlLabel value="vast" control={<Radio />} label="Vaste prijs" sx={{ minHeight: 44, mr: 3 }} />
            <FormControlLabel value="uren" control={<Radio />} label="Uren × uurtarief" sx={{ minHeight: 44, mr: 3 }} />
          </RadioGroup>
          {errors['arbeid_wijze'] && <FormHelperText>{errors['arbeid_wijze']}</FormHelperText>}
          <Typography variant="body2">Uurtarief van deze klus: {euro(uurtariefCents)}</Typography>
        </FormControl>
        <TextField
          label="Omschrijving van het werk"
          value={form.omschrijving}
          onChange={(e) => zet({ omschrijving: e.target.value }, 'arbeid_omschrijving')}
          multiline
          minRows={2}
          required
          error={errors['arbeid_omschrijving'] !== undefined}
          helperText={errors['arbeid_omschrijving'] ?? `${[...form.omschrijving].length} / ${MAX_OMSCHRIJVING} tekens`}
        />
        {form.wijze === 'vast' ? (
          <TextField
            label="Prijs (excl. btw)"
            value={form.prijs}
            onChange={(e) => zet({ prijs: e.target.value }, 'arbeid_cents')}
            required
            error={errors['arbeid_cents'] !== undefined}
            helperText={errors['arbeid_cents'] ?? 'In euro, bijvoorbeeld 150 of 150,50'}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
            sx={{ maxWidth: 320 }}
          />
        ) : (
          <TextField
            label="Aantal uren"
            type="number"
            value={form.uren}
            onChange={(e) => zet({ uren: e.target.value }, 'arbeid_uren')}
            required
            error={errors['arbeid_uren'] !== undefined}
            helperText={errors['arbeid_uren'] ?? 'In halve uren, bijvoorbeeld 2,5'}
            slotProps={{ htmlInput: { step: 0.5, min: 0.5, max: MAX_UREN, inputMode: 'decimal' } }}
            sx={{ maxWidth: 320 }}
          />
        )}
        <Box component="section" aria-labelledby="offerte-materialen-title" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="offerte-materialen-title" variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
            Materiaal
          </Typography>
          {form.materialen.length === 0 && <Typography variant="body2">Geen materiaalregels.</Typography>}
          {form.materialen.map((r, i) => {
            const veld = (naam: string) => errors[`materialen.${i}.${naam}`];
            return (
              <Box
                key={r.sleutel}
                role="group"
                aria-labelledby={`offerte-regel-${r.sleutel}`}
                sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Typography id={`offerte-regel-${r.sleutel}`} variant="body2" sx={{ fontWeight: 700 }}>
                  Materiaalregel {i + 1}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <TextField
                    label="Omschrijving"
                    value={r.omschrijving}
                    onChange={(e) => zetRegel(i, { omschrijving: e.target.value }, 'omschrijving')}
                    required
                    autoFocus={r.sleutel === nieuw}
                    error={veld('omschrijving') !== undefined}
                    helperText={veld('omschrijving')}
                    sx={{ flex: '2 1 240px' }}
                  />
                  <TextField
                    label="Aantal"
                    type="number"
                    value={r.aantal}
                    onChange={(e) => zetRegel(i, { aantal: e.target.value }, 'aantal')}
                    required
                    error={veld('aantal') !== undefined}
                    helperText={veld('aantal')}
                    slotProps={{ htmlInput: { min: 1, max: MAX_AANTAL, step: 1, inputMode: 'numeric' } }}
                    sx={{ flex: '0 1 120px' }}
                  />
                  <TextField
                    label="Prijs per stuk (excl. btw)"
                    value={r.prijs}
                    onChange={(e) => zetRegel(i, { prijs: e.target.value }, 'prijs_cents')}
                    required
                    error={veld('prijs_cents') !== undefined}
                    helperText={veld('prijs_cents')}
                    slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">€</InputAdornment> } }}
                    sx={{ flex: '1 1 200px' }}
                  />
                  <Button
                    variant="outlined"
                    color="error"
                    size="large"
                    startIcon={<DeleteIcon />}
                    aria-label={`Verwijderen: materiaalregel ${i + 1}`}
                    onClick={() => regelWeg(i)}
                    sx={{ minHeight: 56 }}>
                    Verwijderen
                  </Button>
                </Box>
              </Box>
            );
          })}
          {errors['materialen'] && <Alert severity="error">{errors['materialen']}</Alert>}
          <Box>
            <Button ref={toevoegen} variant="outlined" size="large" startIcon={<AddIcon />} onClick={regelErbij} disabled={form.materialen.length >= MAX_MATERIALEN}>
              Materiaalregel toevoegen
            </Button>
          </Box>
        </Box>
        <TextField
          label="Geldig tot en met"
          type="date"
          value={form.geldigTot}
          onChange={(e) => zet({ geldigTot: e.target.value }, 'geldig_tot')}
          error={errors['geldig_tot'] !== undefined}
          helperText={errors['geldig_tot'] ?? `Standaard ${GELDIG_DAGEN} dagen vanaf vandaag, hoogstens een jaar vooruit`}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button onClick={() => void submit()} variant="contained" size="large" disabled={save.isPending}>
          Opslaan
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Offerte versturen?': the customer gets the PDF and the status link by e-mail. */
function VersturenDialog({ klusId, onClose, onDone }: { klusId: string; onClose: () => void; onDone: (o: Offerte) => void }) {
  const notify = useNotify();
  const send = useAction('sendOfferte');
  const [fout, setFout] = useState<string | null>(null);

  const versturen = async () => {
    setFout(null);
    try {
      const answer = await send.mutateAsync({ id: klusId });
      notify(answer.message, { type: 'success' });
      onDone(answer.data);
    } catch (e) {
      setFout(failureText(e, 'Kon de offerte niet versturen'));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="offerte-versturen-title" aria-describedby="offerte-versturen-text">
      <DialogTitle id="offerte-versturen-title">Offerte versturen?</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="offerte-versturen-text">
          De klant krijgt de offerte als PDF per e-mail, met de persoonlijke statuslink om akkoord te geven.
        </DialogContentText>
        {fout !== null && <Alert severity="error">{fout}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button onClick={() => void versturen()} variant="contained" size="large" startIcon={<SendIcon />} disabled={send.isPending}>
          Versturen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
