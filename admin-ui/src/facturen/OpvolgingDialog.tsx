import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, Link, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { maxLength, required, TextInput } from 'react-admin';
import { useAction } from '../api/useAction';
import { DetailDialog } from '../dialogs/DetailDialog';
import { FORM_FIELDS, FormDialog } from '../dialogs/FormDialog';
import { QuestionDialog } from '../dialogs/QuestionDialog';
import { StateSection } from '../dialogs/StateSection';
import { useStepRecord } from '../dialogs/useStepRecord';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { Facts } from '../fields/Facts';
import { euro } from '../klussen/format';
import type { Opvolging } from './actions';
import { BetalingDialog, METHODES } from './BetalingDialog';
import { NOG_OPEN, STAAT_KLEUR, staatTekst, termijnTekst } from './staat';
import { ColumnHeads, right, srOnly } from '../lists/ColumnHeads';

type Betaling = Opvolging['betalingen'][number];

/** Where a payment came from, as the office says it. */
const BRON: Readonly<Record<string, string>> = { klusser: 'aan de deur', kantoor: 'met de hand', bankafschrift: 'van bankafschrift' };

/** Where a payment came from and who booked it: 'met de hand door beheerder', 'van bankafschrift'. */
function herkomst(b: { bron: string; geboekt_door: string }): string {
  const door = b.geboekt_door && b.geboekt_door !== 'systeem' ? ` door ${b.geboekt_door}` : '';
  return `${BRON[b.bron] ?? b.bron}${door}`;
}
const METHODE: Readonly<Record<string, string>> = Object.fromEntries(METHODES.map((m) => [m.id, m.name]));

/** The note's and the reason's limit, as the server checks them. */
const MAX_TEKST = 1000;

type Stap = { soort: 'boeken' } | { soort: 'bespreking' } | { soort: 'uithanden' } | { soort: 'terugboeken'; betaling: Betaling };

/**
 * 'Opvolging' of an invoice (D30): its state, what it asks, what is paid and open, the due date
 * and how far past it, the payments (each correct one can be reversed with a reason, never edited),
 * and what happened to it. The office books a payment here, puts the invoice in dispute or ends
 * that, records that it was handed over (offered once the 14-day letter's term has passed, or
 * when it is overdue), and prints the reminder letter of a customer without e-mail. After each
 * action the focus goes to the state, which the screen reader then reads, and the toast says what
 * was done.
 *
 * The timeline is newest first: the office opens the follow-up to see where the invoice stands
 * now (the last reminder, payment or dispute), as the contact log of a job lists its newest first.
 */
export function OpvolgingDialog({ id, nummer, onClose }: { id: string; nummer: string; onClose: () => void }) {
  // The answer of an action is the follow-up as it is now: shown at once (the re-read follows).
  const {
    data: o,
    failed,
    step: stap,
    setStep: setStap,
    stateRef: staatRef,
    done: klaar,
  } = useStepRecord<Opvolging, Stap>(`/api/v1/facturen/${encodeURIComponent(id)}/opvolging`);

  return (
    <DetailDialog
      id="opvolging-title"
      title={`Opvolging factuur ${o?.factuurnummer ?? nummer}`}
      loading={o === undefined && !failed ? 'Opvolging wordt geladen…' : null}
      failure={o === undefined && failed ? 'Kon de opvolging van deze factuur niet laden.' : null}
      contentSx={{ display: 'grid', gap: 3 }}
      onClose={onClose}
      actions={
        <Link href={`/api/v1/facturen/${encodeURIComponent(id)}/pdf`} target="_blank" rel="noopener" sx={{ mr: 'auto', fontWeight: 700 }}>
          PDF van de factuur
        </Link>
      }
      dialogs={
        o !== undefined && (
          <>
            {stap?.soort === 'boeken' && <BetalingDialog opvolging={o} onClose={() => setStap(null)} onBooked={klaar} />}
            {stap?.soort === 'bespreking' && <BesprekingDialog o={o} onClose={() => setStap(null)} onDone={klaar} />}
            {stap?.soort === 'uithanden' && <UitHandenDialog o={o} onClose={() => setStap(null)} onDone={klaar} />}
            {stap?.soort === 'terugboeken' && <TerugboekenDialog betaling={stap.betaling} onClose={() => setStap(null)} onDone={klaar} />}
          </>
        )
      }
    >
      {o !== undefined && (
        <>
          <Samenvatting o={o} staatRef={staatRef} />
          <Acties o={o} onStap={setStap} />
          <Betalingen o={o} onTerugboeken={(betaling) => setStap({ soort: 'terugboeken', betaling })} />
          <Tijdlijn o={o} />
        </>
      )}
    </DetailDialog>
  );
}

/** The state and the figures; the focus comes here after an action. */
function Samenvatting({ o, staatRef }: { o: Opvolging; staatRef: React.RefObject<HTMLDivElement | null> }) {
  const open = NOG_OPEN.has(o.staat);
  const rows: [string, React.ReactNode][] = [
    ['Klant', o.klant_naam || '—'],
    ['Factuurdatum', ddMMyyyy(o.factuurdatum)],
    ['Totaal', euro(o.totaal_cents)],
    ['Betaald', euro(o.betaald_cents)],
    ['Open', <strong key="open">{euro(o.open_cents)}</strong>],
  ];
  if (o.credit_van === null) rows.push(['Vervaldatum', open ? `${ddMMyyyy(o.vervaldatum)} (${termijnTekst(o.dagen_over_tijd)})` : ddMMyyyy(o.vervaldatum)]);
  if (o.credit_van !== null) rows.push(['Crediteert factuur', o.credit_van]);
  if (o.gecrediteerd_door !== null) rows.push(['Gecrediteerd door', o.gecrediteerd_door]);
  if (o.herinnering_verstuurd !== null) rows.push(['Betalingsherinnering', `verstuurd ${momentNl(o.herinnering_verstuurd)}`]);
  if (o.brief_verstuurd !== null) rows.push(['14-dagenbrief', `verstuurd ${momentNl(o.brief_verstuurd)}`]);
  rows.push(['Te betalen aan', `${o.uitgever_naam}, ${o.iban}`]);
  return (
    <StateSection id="opvolging" label={staatTekst(o.staat, o.gecrediteerd_door)} color={STAAT_KLEUR[o.staat] ?? 'default'} focusRef={staatRef}>
      <Facts rows={rows} />
      {o.gecrediteerd_door !== null && (
        <Alert severity="info">Deze factuur is gecrediteerd door {o.gecrediteerd_door}: er wordt geen betaling meer verwacht.</Alert>
      )}
      {o.staat === 'in_bespreking' && <Alert severity="info">De factuur staat in bespreking: er gaan geen herinneringen uit.</Alert>}
      {o.uit_handen_voorstel && o.staat !== 'uit_handen' && (
        <Alert severity="warning">De termijn van de 14-dagenbrief is voorbij. Beslis of de factuur uit handen wordt gegeven.</Alert>
      )}
      {o.per_post && open && <Alert severity="info">De klant heeft geen e-mailadres: herinneringen gaan per post.</Alert>}
    </StateSection>
  );
}

/** What the office may do now; buttons that do not apply are not shown. */
function Acties({ o, onStap }: { o: Opvolging; onStap: (s: Stap) => void }) {
  const open = NOG_OPEN.has(o.staat);
  const uitHanden = open && o.staat !== 'uit_handen' && (o.uit_handen_voorstel || o.dagen_over_tijd > 0);
  const knoppen = o.kan_betaling_boeken || open || o.brief_pdf !== null;
  if (!knoppen) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }} role="group" aria-label="Acties">
      {o.kan_betaling_boeken && (
        <Button variant="contained" size="large" onClick={() => onStap({ soort: 'boeken' })}>
          Betaling boeken
        </Button>
      )}
      {open && (
        <Button variant="outlined" size="large" onClick={() => onStap({ soort: 'bespreking' })}>
          {o.staat === 'in_bespreking' ? 'Bespreking beëindigen' : 'In bespreking'}
        </Button>
      )}
      {uitHanden && (
        <Button variant="outlined" color="warning" size="large" onClick={() => onStap({ soort: 'uithanden' })}>
          Uit handen gegeven
        </Button>
      )}
      {o.brief_pdf !== null && (
        <Button component="a" href={o.brief_pdf} target="_blank" rel="noopener" variant="outlined" size="large" startIcon={<PrintIcon />}>
          Per post versturen
        </Button>
      )}
    </Box>
  );
}

/** A payment as one line: its amount and date, for a button's name and a dialog's question. */
const betalingTekst = (b: Betaling) => `${euro(b.bedrag_cents)} op ${ddMMyyyy(b.datum)}`;

/** Whether a payment may still be reversed: a payment (not a reversal) not reversed before. */
const kanTerugboeken = (b: Betaling) => b.bedrag_cents > 0 && !b.teruggeboekt && b.terugboeking_van === null;

function Betalingen({ o, onTerugboeken }: { o: Opvolging; onTerugboeken: (b: Betaling) => void }) {
  return (
    <Box component="section" aria-labelledby="opvolging-betalingen">
      <Typography id="opvolging-betalingen" variant="h6" component="h3" gutterBottom>
        Betalingen
      </Typography>
      {o.betalingen.length === 0 ? (
        <Typography>Nog geen betalingen geboekt.</Typography>
      ) : (
        <Table size="small" aria-labelledby="opvolging-betalingen">
          <ColumnHeads columns={['Datum', right('Bedrag'), 'Hoe', 'Notitie', srOnly('Actie')]} />
          <TableBody>
            {o.betalingen.map((b) => (
              <TableRow key={b.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{ddMMyyyy(b.datum)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(b.bedrag_cents)}
                </TableCell>
                <TableCell>
                  {b.terugboeking_van !== null ? 'Terugboeking' : (METHODE[b.methode] ?? b.methode)}
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {herkomst(b)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {b.reden !== null ? `Reden: ${b.reden}` : b.notitie || '—'}
                  {b.teruggeboekt && (
                    <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 700 }}>
                      Teruggeboekt
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {kanTerugboeken(b) && (
                    <Button variant="outlined" onClick={() => onTerugboeken(b)} aria-label={`Terugboeken: betaling van ${betalingTekst(b)}`}>
                      Terugboeken
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

function Tijdlijn({ o }: { o: Opvolging }) {
  // Newest first (see OpvolgingDialog); the server gives them oldest first.
  const regels = [...o.tijdlijn].sort((a, b) => Date.parse(b.moment) - Date.parse(a.moment));
  return (
    <Box component="section" aria-labelledby="opvolging-tijdlijn">
      <Typography id="opvolging-tijdlijn" variant="h6" component="h3" gutterBottom>
        Tijdlijn (nieuwste eerst)
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="opvolging-tijdlijn">
        {regels.map((g, i) => (
          <Box component="li" key={`${g.moment}-${i}`} sx={{ borderLeft: 4, borderColor: 'primary.main', pl: 1.5 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
              {momentNl(g.moment)}
            </Typography>
            <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {g.tekst}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const notitieRegel = maxLength(MAX_TEKST, 'De notitie is te lang (hoogstens 1000 tekens).');

/** 'In bespreking' or 'Bespreking beëindigen', with a note for the timeline. */
function BesprekingDialog({ o, onClose, onDone }: { o: Opvolging; onClose: () => void; onDone: (o: Opvolging) => void }) {
  const zet = useAction('zetBespreking');
  const aan = o.staat !== 'in_bespreking';
  const titel = aan ? 'Factuur in bespreking zetten' : 'Bespreking beëindigen';
  const submit = (values: Record<string, unknown>) =>
    zet.submit({ id: o.factuur_id, aan, notitie: String(values['notitie'] ?? '').trim() }, (answer) => onDone(answer.data));
  return (
    <FormDialog
      id="bespreking-title"
      title={titel}
      defaultValues={{ notitie: '' }}
      onSubmit={submit}
      contentSx={FORM_FIELDS}
      label={aan ? 'In bespreking zetten' : 'Bespreking beëindigen'}
      pending={zet.isPending}
      onClose={onClose}
    >
      <Typography>
        {aan
          ? `Zolang factuur ${o.factuurnummer} in bespreking is, gaan er geen herinneringen uit. Gebruik dit als de klant de factuur betwist.`
          : `Factuur ${o.factuurnummer} wordt weer gewoon opgevolgd, met herinneringen als er niet betaald wordt.`}
      </Typography>
      <TextInput source="notitie" label="Notitie (niet verplicht)" multiline minRows={2} validate={notitieRegel} helperText={false} />
    </FormDialog>
  );
}

/** 'Uit handen gegeven': recorded once, after a question (it cannot be undone). */
function UitHandenDialog({ o, onClose, onDone }: { o: Opvolging; onClose: () => void; onDone: (o: Opvolging) => void }) {
  const geef = useAction('geefUitHanden');
  const bevestig = async () => {
    const answer = await geef.run({ id: o.factuur_id });
    if (answer !== null) onDone(answer.data);
  };
  return (
    <QuestionDialog
      id="uithanden"
      title="Factuur uit handen gegeven?"
      confirm="Uit handen gegeven"
      color="warning"
      pending={geef.isPending}
      onConfirm={() => void bevestig()}
      onClose={onClose}
    >
      <Typography>
        Leg vast dat factuur {o.factuurnummer} ({euro(o.open_cents)} open) uit handen is gegeven, bijvoorbeeld aan een incassobureau. Dit komt in de
        tijdlijn en kan niet ongedaan worden gemaakt.
      </Typography>
    </QuestionDialog>
  );
}

const redenRegels = [
  required('Geef de reden van de terugboeking.'),
  maxLength(MAX_TEKST, 'De reden is te lang (hoogstens 1000 tekens).'),
];

/** 'Terugboeken': a wrong booking undone by a reversing booking with its reason (D30). */
function TerugboekenDialog({ betaling, onClose, onDone }: { betaling: Betaling; onClose: () => void; onDone: (o: Opvolging) => void }) {
  const terug = useAction('terugboekenBetaling');
  const submit = (values: Record<string, unknown>) =>
    terug.submit({ betalingId: betaling.id, reden: String(values['reden'] ?? '').trim() }, (answer) => onDone(answer.data));
  return (
    <FormDialog
      id="terugboeken-title"
      title="Betaling terugboeken"
      defaultValues={{ reden: '' }}
      onSubmit={submit}
      contentSx={FORM_FIELDS}
      label="Terugboeken"
      pending={terug.isPending}
      onClose={onClose}
    >
      <Typography>
        De betaling van {betalingTekst(betaling)} wordt ongedaan gemaakt met een terugboeking. De betaling zelf blijft zichtbaar, met de reden.
      </Typography>
      <TextInput
        source="reden"
        label="Reden van de terugboeking"
        multiline
        minRows={2}
        validate={redenRegels}
        helperText={false}
        slotProps={{ htmlInput: { 'aria-required': true } }}
      />
    </FormDialog>
  );
}
