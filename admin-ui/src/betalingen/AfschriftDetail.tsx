import { Alert, Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useEffect, useRef, useState } from 'react';
import { useApiData } from '../api/useApiData';
import { useAction } from '../api/useAction';
import { QuestionDialog } from '../dialogs/QuestionDialog';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { euro } from '../klussen/format';
import type { Bankpost } from './actions';
import { Verdelen } from './Verdelen';
import { ColumnHeads, right, srOnly } from '../lists/ColumnHeads';

/** One import with its entries (GET /api/v1/bankafschriften/{id}). */
export type AfschriftMetPosten = ResponseBody<'/api/v1/bankafschriften/{id}'>['data'];

const STATUS: Readonly<Record<string, string>> = { geboekt: 'Geboekt', voorstel: 'Voorstel', genegeerd: 'Genegeerd', overgeslagen: 'Overgeslagen' };

/** An entry as one line: amount, date and who paid. */
function postTekst(p: Bankpost): string {
  return `${euro(p.bedrag_cents)} op ${ddMMyyyy(p.boekdatum)}${p.tegenpartij ? ` van ${p.tegenpartij}` : ''}`;
}

/**
 * One imported statement (D30): what was booked at once, the proposals waiting for the office
 * (each with its likely invoices: 'Bevestigen' on one, 'Verdelen' over several, or 'Negeren'), the
 * ignored ones and the skipped ones with their reason. After each answer the focus goes to the
 * statement's summary, which says what is left; the toast says what was done.
 */
export function AfschriftDetail({ id, bedrijf, melding, focusVersie }: { id: string; bedrijf: (id: string) => string; melding: string | null; focusVersie: number }) {
  const { data: a, failed } = useApiData<AfschriftMetPosten>(`/api/v1/bankafschriften/${encodeURIComponent(id)}`);
  const ref = useRef<HTMLDivElement>(null);
  const focus = () => setTimeout(() => ref.current?.focus(), 0);
  // Opened (or just read): the focus comes to the statement once it is on screen.
  const geladen = a !== undefined;
  useEffect(() => {
    if (!geladen || focusVersie === 0) return;
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: 'start' });
  }, [geladen, focusVersie]);

  if (a === undefined) {
    return failed ? <Alert severity="error">Kon dit bankafschrift niet laden.</Alert> : <Typography role="status">Bankafschrift wordt geladen…</Typography>;
  }
  const per = (status: string) => a.entries.filter((p) => p.status === status);
  const voorstellen = per('voorstel');
  const geboekt = per('geboekt');
  const genegeerd = per('genegeerd');
  const overgeslagen = per('overgeslagen');
  return (
    <Card component="section" aria-labelledby="afschrift-titel" variant="outlined" sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box ref={ref} tabIndex={-1} aria-labelledby="afschrift-titel afschrift-telling" sx={{ '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 4 } }}>
          <Typography id="afschrift-titel" variant="h5" component="h2">
            Afschrift van {bedrijf(a.uitgever)}
          </Typography>
          <Typography>
            Ingelezen {momentNl(a.created_at)}, rekening {a.iban}, CAMT.053 versie {a.versie.split('.').pop()}.
          </Typography>
          {melding !== null && (
            // A note, not a live region: the toast has said it, and the focus is here.
            <Alert severity="success" role="note" sx={{ mt: 1 }}>
              {melding}
            </Alert>
          )}
          <Typography id="afschrift-telling" sx={{ mt: 1, fontWeight: 700 }} data-testid="afschrift-telling">
            {a.posten} {a.posten === 1 ? 'post' : 'posten'}: {geboekt.length} geboekt, {voorstellen.length} {voorstellen.length === 1 ? 'voorstel' : 'voorstellen'} te
            beoordelen, {genegeerd.length} genegeerd, {overgeslagen.length} overgeslagen{a.dubbel > 0 ? `, ${a.dubbel} al eerder ingelezen` : ''}.
          </Typography>
        </Box>

        <Box component="section" aria-labelledby="voorstellen-titel" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="voorstellen-titel" variant="h6" component="h3">
            Te beoordelen ({voorstellen.length})
          </Typography>
          {voorstellen.length === 0 && <Typography>Er wachten geen bijschrijvingen op u.</Typography>}
          {voorstellen.map((p) => (
            <Voorstel key={p.id} post={p} onKlaar={focus} />
          ))}
        </Box>

        <Posten titel="Geboekt" id="geboekt" posten={geboekt} leeg="Nog niets geboekt van dit afschrift." detail={(p) => geboektOp(p)} />
        {genegeerd.length > 0 && <Posten titel="Genegeerd" id="genegeerd" posten={genegeerd} detail={() => 'Op geen factuur geboekt.'} />}
        <Posten titel="Overgeslagen" id="overgeslagen" posten={overgeslagen} leeg="Geen posten overgeslagen." detail={(p) => `Reden: ${p.reden || 'onbekend'}`} />
      </CardContent>
    </Card>
  );
}

function geboektOp(p: Bankpost): string {
  if (p.geboekt_op.length === 0) return 'Geboekt';
  return `Geboekt op ${p.geboekt_op.map((g) => `factuur ${g.factuurnummer}${g.klant_naam ? ` (${g.klant_naam})` : ''}: ${euro(g.open_cents)}`).join('; ')}`;
}

/** A list of handled entries: each with its amount, date, payer, description and what became of it. */
function Posten({ titel, id, posten, leeg, detail }: { titel: string; id: string; posten: Bankpost[]; leeg?: string; detail: (p: Bankpost) => string }) {
  return (
    <Box component="section" aria-labelledby={`posten-${id}`}>
      <Typography id={`posten-${id}`} variant="h6" component="h3" gutterBottom>
        {titel} ({posten.length})
      </Typography>
      {posten.length === 0 && leeg !== undefined && <Typography>{leeg}</Typography>}
      {posten.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid={`posten-${id}`}>
          {posten.map((p) => (
            <Box component="li" key={p.id} sx={{ borderLeft: 4, borderColor: 'divider', pl: 1.5 }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {p.credit ? '' : 'Afschrijving: '}
                {postTekst(p)}
              </Typography>
              {p.omschrijving && (
                <Typography component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  Omschrijving: {p.omschrijving}
                </Typography>
              )}
              <Typography component="span" sx={{ display: 'block' }}>
                {detail(p)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A proposal: the entry, its likely invoices with 'Bevestigen', and 'Verdelen' and 'Negeren'. */
function Voorstel({ post: p, onKlaar }: { post: Bankpost; onKlaar: () => void }) {
  const bevestig = useAction('bevestigBankpost');
  const [verdelen, setVerdelen] = useState(false);
  const [negeren, setNegeren] = useState(false);
  const titelId = `voorstel-${p.id}`;

  const opEen = async (factuurId: string) => {
    const answer = await bevestig.run({ id: p.id, verdeling: [{ factuur_id: factuurId, bedrag_cents: p.bedrag_cents }] });
    if (answer !== null) onKlaar();
  };

  return (
    <Box component="article" aria-labelledby={titelId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titelId} variant="h6" component="h4">
          Bijschrijving {postTekst(p)}
        </Typography>
        <Chip label={STATUS[p.status] ?? p.status} color="warning" sx={{ fontWeight: 700 }} />
      </Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>Omschrijving: {p.omschrijving || '(geen omschrijving)'}</Typography>
      {p.voorstellen.length === 0 ? (
        <Typography>Geen openstaande factuur gevonden die bij deze bijschrijving past. Boek de betaling via de opvolging van de factuur, of negeer de post.</Typography>
      ) : (
        <Table size="small" aria-label={`Waarschijnlijke facturen voor ${postTekst(p)}`}>
          <ColumnHeads columns={['Factuur', 'Klant', right('Open'), srOnly('Actie')]} />
          <TableBody>
            {p.voorstellen.map((v) => (
              <TableRow key={v.factuur_id}>
                <TableCell component="th" scope="row">
                  {v.factuurnummer}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{v.klant_naam || '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {euro(v.open_cents)}
                  {v.open_cents === p.bedrag_cents && (
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      zelfde bedrag
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Button
                    variant="contained"
                    disabled={bevestig.isPending || verdelen}
                    onClick={() => void opEen(v.factuur_id)}
                    aria-label={`Bevestigen: ${euro(p.bedrag_cents)} boeken op factuur ${v.factuurnummer}`}
                  >
                    Bevestigen
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {verdelen ? (
        <Verdelen post={p} onKlaar={onKlaar} onAnnuleren={() => setVerdelen(false)} />
      ) : (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {p.voorstellen.length > 1 && (
            <Button variant="outlined" size="large" onClick={() => setVerdelen(true)} aria-label={`Verdelen: ${postTekst(p)} over meer facturen`}>
              Verdelen
            </Button>
          )}
          <Button variant="outlined" color="warning" size="large" onClick={() => setNegeren(true)} aria-label={`Negeren: ${postTekst(p)}`}>
            Negeren
          </Button>
        </Box>
      )}
      {negeren && <NegerenDialog post={p} onClose={() => setNegeren(false)} onKlaar={onKlaar} />}
    </Box>
  );
}

/** 'Negeren' after a question: the entry pays no invoice (a refund to us, a gift), nothing is booked. */
function NegerenDialog({ post: p, onClose, onKlaar }: { post: Bankpost; onClose: () => void; onKlaar: () => void }) {
  const negeer = useAction('negeerBankpost');
  const bevestig = async () => {
    const answer = await negeer.run({ id: p.id });
    if (answer !== null) {
      onClose();
      onKlaar();
    }
  };
  return (
    <QuestionDialog
      id={`negeren-${p.id}`}
      title="Bijschrijving negeren?"
      confirm="Negeren"
      color="warning"
      pending={negeer.isPending}
      onConfirm={() => void bevestig()}
      onClose={onClose}
    >
      <Typography>
        De bijschrijving van {postTekst(p)} wordt op geen enkele factuur geboekt. Doe dit alleen als het geen betaling van een factuur is.
      </Typography>
    </QuestionDialog>
  );
}
