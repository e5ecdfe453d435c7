import { Alert, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useApiData } from '../api/useApiData';
import { useAction } from '../api/useAction';
import { uitgeverNaam, type Uitgever } from '../facturen/uitgevers';
import { euro } from '../klussen/format';
import type { Betaalbatch, Uitbetaling } from './actions';
import { GEEN_EIGEN_BEDRIJF } from './bedrijven';
import { aantal } from './format';
import { maandTekst } from '@klusmaat/shared-ui/week';

/** The most statements a preview reads (the list contract's largest page); the server takes them all. */
const PER_PAGE = 100;

/** Why an approved statement stays out of a batch, as the server decides it (services/uitbetaling/batch.go). */
export function reden(u: Uitbetaling): string | null {
  if (u.iban_ontbreekt) return 'IBAN ontbreekt';
  if (u.totaal_cents <= 0) return `totaal ${euro(u.totaal_cents)}: niets te betalen`;
  return null;
}

/** What a new batch of a business would take: its approved statements not yet in a batch, split by whether they can go. */
export function verdeel(rows: readonly Uitbetaling[]): { mee: Uitbetaling[]; buiten: { u: Uitbetaling; reden: string }[] } {
  const mee: Uitbetaling[] = [];
  const buiten: { u: Uitbetaling; reden: string }[] = [];
  for (const u of rows) {
    if (u.status !== 'goedgekeurd' || u.batch_id !== null) continue;
    const r = reden(u);
    if (r === null) mee.push(u);
    else buiten.push({ u, reden: r });
  }
  return { mee, buiten };
}

const regel = (u: Uitbetaling) => `${u.nummer}, ${u.klusser_naam}, ${maandTekst(u.maand)}: ${euro(u.totaal_cents)}`;

/**
 * 'Betaalbestand maken' (D31), per business the user pays from: first what a new batch would take
 * (the approved statements with an IBAN that are in no batch yet) and what stays out and why, then
 * the button. The server decides again and its answer, which names what it left out, stays on
 * screen with the new file's download; the focus goes there.
 */
export function BetaalbestandMaken({ bedrijven, admin }: { bedrijven: Uitgever[] | undefined; admin: boolean }) {
  return (
    <Card component="section" aria-labelledby="maken-titel" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id="maken-titel" variant="h5" component="h2">
          Betaalbestand maken
        </Typography>
        <Typography>
          Een betaalbestand bevat alle goedgekeurde uitbetalingen van één bedrijf die nog niet betaald zijn. Lees het bestand in bij uw bank
          (&lsquo;batchbetaling&rsquo; of &lsquo;SEPA-bestand&rsquo;). Als de bank de betalingen heeft uitgevoerd, klikt u hieronder bij de batch op
          &lsquo;Uitgevoerd door de bank&rsquo;.
        </Typography>
        {bedrijven === undefined && <Typography role="status">Bedrijven worden geladen…</Typography>}
        {bedrijven !== undefined && bedrijven.length === 0 && <Alert severity="info">{admin ? 'Er is nog geen bedrijf ingesteld.' : GEEN_EIGEN_BEDRIJF}</Alert>}
        {bedrijven?.map((b) => <Bedrijf key={b.id} bedrijf={b} />)}
      </CardContent>
    </Card>
  );
}

interface Gemaakt {
  batch: Betaalbatch;
  melding: string;
}

function Bedrijf({ bedrijf }: { bedrijf: Uitgever }) {
  const naam = uitgeverNaam(bedrijf);
  const titelId = `maken-${bedrijf.id}`;
  const query = new URLSearchParams({ status: 'goedgekeurd', uitgever: bedrijf.id, page: '1', per_page: String(PER_PAGE), sort: 'nummer', order: 'asc' });
  const { data: rows, failed } = useApiData<Uitbetaling[]>(`/api/v1/uitbetalingen?${query.toString()}`);
  const maak = useAction('maakBetaalbatch');
  const [gemaakt, setGemaakt] = useState<Gemaakt | null>(null);
  const uitslag = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (gemaakt !== null) uitslag.current?.focus();
  }, [gemaakt]);

  const maken = async () => {
    const answer = await maak.run({ uitgever: bedrijf.id });
    if (answer !== null) setGemaakt({ batch: answer.data, melding: answer.message });
  };

  const { mee, buiten } = verdeel(Array.isArray(rows) ? rows : []);
  const som = mee.reduce((s, u) => s + u.totaal_cents, 0);

  return (
    <Box component="section" aria-labelledby={titelId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 1.5 }}>
      <Typography id={titelId} variant="h6" component="h3">
        {naam}
      </Typography>
      {gemaakt !== null && (
        <Alert
          severity="success"
          role="note"
          ref={uitslag}
          tabIndex={-1}
          aria-label={`Betaalbestand gemaakt voor ${naam}`}
          sx={{ '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 2 } }}
        >
          <Typography sx={{ mb: 1 }}>{gemaakt.melding}</Typography>
          <Link href={gemaakt.batch.download} download sx={{ fontWeight: 700 }}>
            Betaalbestand {gemaakt.batch.bericht_id} downloaden
          </Link>
        </Alert>
      )}
      {rows === undefined && failed && <Alert severity="error">Kon de goedgekeurde uitbetalingen niet laden.</Alert>}
      {rows === undefined && !failed && <Typography role="status">Goedgekeurde uitbetalingen worden geladen…</Typography>}
      {rows !== undefined && (
        <>
          {mee.length === 0 ? (
            <Typography>Er is nu niets te betalen: geen goedgekeurde uitbetalingen met een IBAN die nog niet in een betaalbestand staan.</Typography>
          ) : (
            <Box>
              <Typography sx={{ fontWeight: 700 }}>
                Gaat mee: {aantal(mee.length, 'uitbetaling', 'uitbetalingen')}, samen {euro(som)}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid={`mee-${bedrijf.id}`}>
                {mee.map((u) => (
                  <li key={u.id}>{regel(u)}</li>
                ))}
              </Box>
            </Box>
          )}
          {buiten.length > 0 && (
            <Box>
              <Typography sx={{ fontWeight: 700 }}>Blijft buiten: {aantal(buiten.length, 'uitbetaling', 'uitbetalingen')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid={`buiten-${bedrijf.id}`}>
                {buiten.map(({ u, reden: r }) => (
                  <li key={u.id}>
                    {regel(u)}. Reden: {r}
                  </li>
                ))}
              </Box>
            </Box>
          )}
          {/* Only when there is something to pay: a greyed-out button says less than the sentence above. */}
          {mee.length > 0 && (
            <Box>
              <Button variant="contained" size="large" disabled={maak.isPending} onClick={() => void maken()} aria-label={`Betaalbestand maken voor ${naam}`}>
                {maak.isPending ? 'Bezig met maken…' : 'Betaalbestand maken'}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
