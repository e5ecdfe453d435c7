import { Alert, Box, Link, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useRecord } from '../api/useRecord';
import { ddMMyyyy, momentNl } from '../fields/dates';
import { euro } from '../klussen/format';
import { FactList } from '../fields/Facts';
import { ColumnHeads, right } from '../lists/ColumnHeads';

export type WerkbonDetail = ResponseBody<'/api/v1/werkbonnen/{id}'>['data'];

const ONE_DECIMAL = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const janee = (v: boolean | null) => (v === null ? '—' : v ? 'Ja' : 'Nee');

/**
 * One work order in full (GET /api/v1/werkbonnen/{id}): times and hours, materials, photos
 * (downloaded through the authorized, audited file route), the customer's ratings and signature,
 * and the invoice. Used by the work orders overview and by a finished job's details.
 */
export function WerkbonDetails({ id }: { id: string }) {
  const { data: w, error } = useRecord<WerkbonDetail>('werkbonnen', id);
  if (error && w === undefined) return <Alert severity="error">{error.message || 'Fout bij laden van gegevens'}</Alert>;
  if (w === undefined) return <Typography role="status">Werkbon wordt geladen…</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FactList>
        <dt>Klus</dt>
        <dd>
          {w.klus.beschrijving} ({ddMMyyyy(w.klus.datum)}, {w.klus.tijd})
        </dd>
        <dt>Adres</dt>
        <dd>
          {w.klus.adres}, {w.klus.postcode} {w.klus.woonplaats}
        </dd>
        <dt>Klant</dt>
        <dd>{w.klant}</dd>
        <dt>Klusser</dt>
        <dd>{w.klusser}</dd>
        <dt>Gestart</dt>
        <dd>{momentNl(w.start_tijd)}</dd>
        <dt>Afgerond</dt>
        <dd>{momentNl(w.eind_tijd)}</dd>
        <dt>Uren</dt>
        <dd>{w.uren ?? '—'}</dd>
        <dt>Status</dt>
        <dd>{w.status === 'completed' ? 'Afgerond' : 'Lopend'}</dd>
      </FactList>

      <Box component="section" aria-labelledby={`materialen-${w.id}`}>
        <Typography id={`materialen-${w.id}`} variant="h6" component="h3">
          Materialen
        </Typography>
        {w.materialen.length === 0 ? (
          <Typography>Geen materialen</Typography>
        ) : (
          <Table size="small">
            <ColumnHeads columns={['Omschrijving', right('Bedrag')]} />
            <TableBody>
              {w.materialen.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{m.omschrijving}</TableCell>
                  <TableCell align="right">{euro(m.bedrag_cents)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>Totaal materiaal</TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>{euro(w.materiaal_totaal_cents)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </Box>

      <Box component="section" aria-labelledby={`fotos-${w.id}`}>
        <Typography id={`fotos-${w.id}`} variant="h6" component="h3">
          Foto&apos;s
        </Typography>
        {w.fotos.length === 0 ? (
          <Typography>Geen foto&apos;s</Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {w.fotos.map((f) => (
              <Link key={f.id} href={f.url} target="_blank" rel="noopener">
                <Box
                  component="img"
                  src={f.url}
                  alt={f.type === 'before' ? 'Foto voor de klus' : 'Foto na de klus'}
                  sx={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 1, border: '1px solid #ccc', display: 'block' }}
                />
              </Link>
            ))}
          </Box>
        )}
      </Box>

      <Box component="section" aria-labelledby={`beoordeling-${w.id}`}>
        <Typography id={`beoordeling-${w.id}`} variant="h6" component="h3">
          Beoordeling van de klant
        </Typography>
        {w.ratings === null ? (
          <Typography>Nog geen beoordeling</Typography>
        ) : (
          <FactList>
            <dt>Algemeen</dt>
            <dd>{ONE_DECIMAL.format(w.ratings.algemeen)} van 5</dd>
            <dt>Netheid</dt>
            <dd>{ONE_DECIMAL.format(w.ratings.netheid)} van 5</dd>
            <dt>Vriendelijkheid</dt>
            <dd>{ONE_DECIMAL.format(w.ratings.vriendelijkheid)} van 5</dd>
            <dt>Vakmanschap</dt>
            <dd>{ONE_DECIMAL.format(w.ratings.vakmanschap)} van 5</dd>
            <dt>Tevredenheid</dt>
            <dd>{w.tevredenheid_score === null ? '—' : `${w.tevredenheid_score} van 10`}</dd>
            <dt>Klant tevreden</dt>
            <dd>{janee(w.klant_tevreden)}</dd>
            <dt>Netjes opgeruimd</dt>
            <dd>{janee(w.netjes_opgeruimd)}</dd>
            <dt>Zou aanbevelen</dt>
            <dd>{janee(w.zou_aanbevelen)}</dd>
            <dt>Opmerkingen</dt>
            <dd>{w.opmerkingen || '—'}</dd>
          </FactList>
        )}
      </Box>

      <Box component="section" aria-labelledby={`handtekening-${w.id}`}>
        <Typography id={`handtekening-${w.id}`} variant="h6" component="h3">
          Handtekening
        </Typography>
        {w.handtekening ? (
          <Box component="img" src={w.handtekening} alt="Handtekening van de klant" sx={{ maxWidth: '100%', width: 400, border: '1px solid #ccc', bgcolor: '#fff' }} />
        ) : (
          <Typography>Niet ondertekend</Typography>
        )}
      </Box>

      {w.factuur !== null && (
        <Typography>
          Factuur {w.factuur.factuurnummer} van {ddMMyyyy(w.factuur.datum)}: {euro(w.factuur.totaal_bedrag_cents)},{' '}
          {w.factuur.betaald ? 'betaald' : 'niet betaald'} ·{' '}
          <Link href={`/api/v1/facturen/${w.factuur.id}/pdf`} target="_blank" rel="noopener">
            Factuur openen (PDF)
          </Link>
        </Typography>
      )}
    </Box>
  );
}
