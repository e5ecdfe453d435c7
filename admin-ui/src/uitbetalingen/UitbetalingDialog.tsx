import { Alert, Box, Button, Table, TableBody, TableCell, TableFooter, TableRow, Typography } from '@mui/material';
import { useAction } from '../api/useAction';
import { DetailDialog } from '../dialogs/DetailDialog';
import { PdfLink } from '../dialogs/PdfLink';
import { QuestionDialog } from '../dialogs/QuestionDialog';
import { StateSection } from '../dialogs/StateSection';
import { useStepRecord } from '../dialogs/useStepRecord';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { Facts } from '../fields/Facts';
import { euro } from '../klussen/format';
import type { UitbetalingDetail } from './actions';
import { STATUS_KLEUR, urenTekst } from './format';
import { ColumnHeads, right } from '../lists/ColumnHeads';
import { maandTekst } from '@klusmaat/shared-ui/week';

type Regel = UitbetalingDetail['regels'][number];

/**
 * One statement (D31): whom it pays, for which month and from which business, its state, the
 * lines (a completed work order each: date, job, town, hours at € 35,00 an hour, amount; or a
 * correction of one paid before) and the total, the account approval copied, its PDF, and
 * 'Goedkeuren' for a concept, after a question. After approval the focus goes to the state, which
 * a screen reader then reads; the toast says what was done.
 */
export function UitbetalingDialog({ id, nummer, onClose }: { id: string; nummer: string; onClose: () => void }) {
  // The question 'Goedkeuren' is the one step; after it the focus goes to the state (the button is gone).
  const { data: u, failed, step, setStep, stateRef: staatRef, done: goedgekeurd } = useStepRecord<UitbetalingDetail, 'goedkeuren'>(`/api/v1/uitbetalingen/${encodeURIComponent(id)}`);

  return (
    <DetailDialog
      id="uitbetaling-title"
      title={`Uitbetaling ${u?.nummer ?? nummer}`}
      loading={u === undefined && !failed ? 'Uitbetaling wordt geladen…' : null}
      failure={u === undefined && failed ? 'Kon deze uitbetaling niet laden.' : null}
      contentSx={{ display: 'grid', gap: 3 }}
      onClose={onClose}
      actions={
        <>
          {u !== undefined && <PdfLink href={u.pdf}>PDF van de uitbetaling</PdfLink>}
          {u?.status === 'concept' && (
            <Button variant="contained" size="large" onClick={() => setStep('goedkeuren')}>
              Goedkeuren
            </Button>
          )}
        </>
      }
      dialogs={u !== undefined && step === 'goedkeuren' && <GoedkeurenDialog u={u} onClose={() => setStep(null)} onDone={goedgekeurd} />}
    >
      {u !== undefined && (
        <>
          <Samenvatting u={u} staatRef={staatRef} />
          <Regels u={u} />
        </>
      )}
    </DetailDialog>
  );
}

/** Who, what month, from whom, the state and the account; the focus comes here after approval. */
function Samenvatting({ u, staatRef }: { u: UitbetalingDetail; staatRef: React.RefObject<HTMLDivElement | null> }) {
  const rows: [string, React.ReactNode][] = [
    ['Klusser', u.klusser_naam],
    ['Maand', maandTekst(u.maand)],
    ['Betaald door', u.uitgever_naam || u.uitgever],
    ['Totaal', <strong key="totaal">{euro(u.totaal_cents)}</strong>],
  ];
  if (u.status === 'concept') {
    rows.push(['Bankrekening', u.iban_ontbreekt ? 'IBAN ontbreekt' : 'Wordt bij het goedkeuren overgenomen van de klusser']);
  } else {
    rows.push(['Bankrekening', u.iban_gemaskeerd ? `${u.iban_gemaskeerd}${u.rekeninghouder ? `, ten name van ${u.rekeninghouder}` : ''}` : 'IBAN ontbreekt']);
  }
  if (u.goedgekeurd_at) rows.push(['Goedgekeurd', momentNl(u.goedgekeurd_at)]);
  if (u.uitbetaald_at) rows.push(['Uitbetaald', momentNl(u.uitbetaald_at)]);
  return (
    <StateSection id="uitbetaling" label={u.status_tekst} color={STATUS_KLEUR[u.status] ?? 'default'} focusRef={staatRef}>
      <Facts rows={rows} />
      {u.iban_ontbreekt && u.status === 'concept' && (
        <Alert severity="warning">
          IBAN ontbreekt: de klusser heeft nog geen bankrekening opgegeven. De klusser vult die in bij Mijn Verdiensten; een beheerder kan dat ook doen bij
          de klusser. Keur pas goed als het IBAN er is: een uitbetaling die zonder IBAN is goedgekeurd, gaat niet mee in een betaalbestand.
        </Alert>
      )}
      {u.iban_ontbreekt && u.status !== 'concept' && (
        <Alert severity="warning">Deze uitbetaling is goedgekeurd zonder IBAN en gaat daarom niet mee in een betaalbestand.</Alert>
      )}
    </StateSection>
  );
}

/** A line: a work order's job and town, or a correction with what it corrects. */
function klusCel(r: Regel) {
  if (r.soort !== 'correctie') return r.klus || '—';
  return (
    <>
      Correctie{r.klus ? ` ${r.klus}` : ''}
      {r.omschrijving && (
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          {r.omschrijving}
        </Typography>
      )}
    </>
  );
}

function Regels({ u }: { u: UitbetalingDetail }) {
  return (
    <Box component="section" aria-labelledby="uitbetaling-regels">
      <Typography id="uitbetaling-regels" variant="h6" component="h3" gutterBottom>
        Gewerkte uren ({u.regels.length} {u.regels.length === 1 ? 'regel' : 'regels'})
      </Typography>
      {u.regels.length === 0 ? (
        <Typography>Deze uitbetaling heeft geen regels.</Typography>
      ) : (
        <Table size="small" aria-labelledby="uitbetaling-regels" sx={{ '& td, & th': { px: 1 } }}>
          <ColumnHeads columns={['Datum', 'Klus', 'Woonplaats', right('Uren'), right('Tarief'), right('Bedrag')]} />
          <TableBody>
            {u.regels.map((r) => (
              <TableRow key={r.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{ddMMyyyy(r.datum)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{klusCel(r)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.woonplaats || '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {urenTekst(r.uren)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(r.tarief_cents)}/u
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(r.bedrag_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={5} sx={{ fontWeight: 700, fontSize: '1.125rem', color: 'text.primary' }}>
                Totaal
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, fontSize: '1.125rem', color: 'text.primary', whiteSpace: 'nowrap' }}>
                {euro(u.totaal_cents)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </Box>
  );
}

/** 'Goedkeuren' after a question: approval copies the klusser's account, and the statement never changes after it. */
function GoedkeurenDialog({ u, onClose, onDone }: { u: UitbetalingDetail; onClose: () => void; onDone: (u: UitbetalingDetail) => void }) {
  const keur = useAction('keurUitbetalingGoed');
  const bevestig = async () => {
    const answer = await keur.run({ id: u.id });
    if (answer !== null) onDone(answer.data);
  };
  return (
    <QuestionDialog
      id="goedkeuren"
      title="Uitbetaling goedkeuren?"
      gap={1.5}
      confirm="Goedkeuren"
      pending={keur.isPending}
      onConfirm={() => void bevestig()}
      onClose={onClose}
    >
      <Typography>
        U keurt uitbetaling {u.nummer} goed: {euro(u.totaal_cents)} aan {u.klusser_naam} voor {maandTekst(u.maand)}. De bankrekening van de klusser wordt
        overgenomen. Daarna verandert de uitbetaling niet meer; een correctie komt op een volgende uitbetaling.
      </Typography>
      {u.iban_ontbreekt && (
        <Alert severity="warning">
          Let op: de klusser heeft nog geen bankrekening opgegeven. Goedgekeurd zonder IBAN gaat deze uitbetaling niet mee in een betaalbestand.
        </Alert>
      )}
    </QuestionDialog>
  );
}
