import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, type ChipProps, DialogContentText, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { failureText } from '../api/action';
import { useAction } from '../api/useAction';
import { useApiData } from '../api/useApiData';
import { QuestionDialog } from '../dialogs/QuestionDialog';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { euro } from './format';
import { KlusSection } from './KlusSection';
import { OfferteDialog } from './OfferteDialog';
import type { Offerte } from './offerte';
import { ColumnHeads, right } from '../lists/ColumnHeads';

/** A quote's state as the office reads it; the colour always comes with the words. */
const STAND: Record<string, { label: string; color: ChipProps['color'] }> = {
  concept: { label: 'Concept', color: 'default' },
  verstuurd: { label: 'Offerte verstuurd', color: 'default' },
  akkoord: { label: 'Akkoord', color: 'success' },
  niet_akkoord: { label: 'Niet akkoord', color: 'error' },
  verlopen: { label: 'Verlopen', color: 'warning' },
};

/**
 * An earlier version's state: one sent and not answered was replaced by the next version, which
 * the customer answers instead (D33: 'Vervangen', not 'Verstuurd'); an answer stays what it was.
 */
export function eerdereStand(v: { versie: number; status: string }): string {
  if (v.status === 'verstuurd' || v.status === 'verlopen') return `Vervangen door versie ${v.versie + 1}`;
  return STAND[v.status]?.label ?? v.status;
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
    <KlusSection
      id={`offerte-${klusId}`}
      title="Offerte"
      actions={
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
      }
    >
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
    </KlusSection>
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
        <ColumnHeads columns={['Omschrijving', right('Aantal'), right('Prijs'), right('Bedrag')]} />
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
                versie {v.versie} – {eerdereStand(v)} – {euro(v.totaal_cents)}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
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
    <QuestionDialog
      id="offerte-versturen"
      title="Offerte versturen?"
      confirm="Versturen"
      startIcon={<SendIcon />}
      pending={send.isPending}
      onConfirm={() => void versturen()}
      onClose={onClose}
      fullWidth={false}
    >
      <DialogContentText>De klant krijgt de offerte als PDF per e-mail, met de persoonlijke statuslink om akkoord te geven.</DialogContentText>
      {fout !== null && <Alert severity="error">{fout}</Alert>}
    </QuestionDialog>
  );
}
