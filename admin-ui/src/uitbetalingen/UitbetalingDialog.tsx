import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { useApiData } from '../api/useApiData';
import { useAction } from '../api/useAction';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { Facts } from '../fields/Facts';
import { euro } from '../klussen/format';
import type { UitbetalingDetail } from './actions';
import { maandTekst, STATUS_KLEUR, urenTekst } from './format';

type Regel = UitbetalingDetail['regels'][number];

/**
 * One statement (D31): whom it pays, for which month and from which business, its state, the
 * lines (a completed work order each: date, job, town, hours at € 35,00 an hour, amount; or a
 * correction of one paid before) and the total, the account approval copied, its PDF, and
 * 'Goedkeuren' for a concept, after a question. After approval the focus goes to the state, which
 * a screen reader then reads; the toast says what was done.
 */
export function UitbetalingDialog({ id, nummer, onClose }: { id: string; nummer: string; onClose: () => void }) {
  const { data: u, failed, set } = useApiData<UitbetalingDetail>(`/api/v1/uitbetalingen/${encodeURIComponent(id)}`);
  const [vraag, setVraag] = useState(false);
  const staatRef = useRef<HTMLDivElement>(null);

  const goedgekeurd = useCallback(
    (nieuw: UitbetalingDetail) => {
      set(nieuw);
      setVraag(false);
      // After the question has given the focus back to the button, which is gone now.
      setTimeout(() => staatRef.current?.focus(), 0);
    },
    [set],
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="uitbetaling-title" maxWidth="md" fullWidth>
      <DialogTitle id="uitbetaling-title">Uitbetaling {u?.nummer ?? nummer}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
        {u === undefined && failed && <Alert severity="error">Kon deze uitbetaling niet laden.</Alert>}
        {u === undefined && !failed && <Typography role="status">Uitbetaling wordt geladen…</Typography>}
        {u !== undefined && (
          <>
            <Samenvatting u={u} staatRef={staatRef} />
            <Regels u={u} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1, flexWrap: 'wrap' }}>
        {u !== undefined && (
          <Link href={u.pdf} target="_blank" rel="noopener" sx={{ mr: 'auto', fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}>
            <PictureAsPdfIcon aria-hidden="true" />
            PDF van de uitbetaling
          </Link>
        )}
        {u?.status === 'concept' && (
          <Button variant="contained" size="large" onClick={() => setVraag(true)}>
            Goedkeuren
          </Button>
        )}
        <Button onClick={onClose} variant="outlined" size="large">
          Sluiten
        </Button>
      </DialogActions>
      {u !== undefined && vraag && <GoedkeurenDialog u={u} onClose={() => setVraag(false)} onDone={goedgekeurd} />}
    </Dialog>
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
    <Box
      component="section"
      ref={staatRef}
      tabIndex={-1}
      aria-labelledby="uitbetaling-staat-kop uitbetaling-staat"
      sx={{ display: 'grid', gap: 1.5, '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 4 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id="uitbetaling-staat-kop" variant="h6" component="h3">
          Staat
        </Typography>
        <Chip id="uitbetaling-staat" label={u.status_tekst} color={STATUS_KLEUR[u.status] ?? 'default'} sx={{ fontWeight: 700, fontSize: '1.05rem' }} />
      </Box>
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
    </Box>
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
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">Datum</TableCell>
              <TableCell component="th" scope="col">Klus</TableCell>
              <TableCell component="th" scope="col">Woonplaats</TableCell>
              <TableCell component="th" scope="col" align="right">Uren</TableCell>
              <TableCell component="th" scope="col" align="right">Tarief</TableCell>
              <TableCell component="th" scope="col" align="right">Bedrag</TableCell>
            </TableRow>
          </TableHead>
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
    <Dialog open onClose={onClose} aria-labelledby="goedkeuren-title" aria-describedby="goedkeuren-tekst" fullWidth maxWidth="sm">
      <DialogTitle id="goedkeuren-title">Uitbetaling goedkeuren?</DialogTitle>
      <DialogContent id="goedkeuren-tekst" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography>
          U keurt uitbetaling {u.nummer} goed: {euro(u.totaal_cents)} aan {u.klusser_naam} voor {maandTekst(u.maand)}. De bankrekening van de klusser wordt
          overgenomen. Daarna verandert de uitbetaling niet meer; een correctie komt op een volgende uitbetaling.
        </Typography>
        {u.iban_ontbreekt && (
          <Alert severity="warning">
            Let op: de klusser heeft nog geen bankrekening opgegeven. Goedgekeurd zonder IBAN gaat deze uitbetaling niet mee in een betaalbestand.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          Annuleren
        </Button>
        <Button variant="contained" size="large" disabled={keur.isPending} onClick={() => void bevestig()}>
          Goedkeuren
        </Button>
      </DialogActions>
    </Dialog>
  );
}
