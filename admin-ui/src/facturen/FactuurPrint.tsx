import PrintIcon from '@mui/icons-material/Print';
import { Alert, AlertTitle, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import type { ConsoleDataProvider } from '../dataProvider';
import { ddMMyyyy } from '../fields/dates';
import { euro } from '../klussen/format';

type Factuur = ResponseBody<'/api/v1/facturen/{id}'>;

/** Section 8's text when the server gives no reason of its own. */
const ONBEKEND = 'Onbekende fout bij laden factuur';

/**
 * The print-friendly invoice, /admin/afdrukken/factuur/:id (document 001: print from the view
 * dialog): the same legal content as the PDF (D28: issuer, customer, dates, lines, VAT, total and
 * what it asks now), on a plain white page without the console around it. It opens the browser's
 * print dialog once the invoice is shown; the button does it again.
 */
export function FactuurPrint() {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // On the query cache under 'facturen', like the console's other reads: a credit invoice made in
  // another tab invalidates it. Not retried: the page says at once that it could not be loaded.
  const query = useQuery({
    queryKey: ['facturen', 'print', id],
    queryFn: ({ signal }) => dataProvider.readBody<Factuur>(`/api/v1/facturen/${encodeURIComponent(id)}`, ONBEKEND, signal),
    retry: false,
  });
  const f = query.data ?? null;
  const fout = query.isError ? query.error.message || ONBEKEND : null;
  // The print dialog once, when the invoice is first shown (not again on a later read).
  const shown = f !== null;
  useEffect(() => {
    if (shown && typeof window.print === 'function') window.print();
  }, [shown]);

  if (fout !== null) {
    return (
      <Alert severity="error">
        <AlertTitle>Fout bij laden factuur</AlertTitle>
        {fout}
      </Alert>
    );
  }
  if (f === null) return <Typography role="status">Factuur wordt geladen…</Typography>;
  const u = f.uitgever;
  const titel = f.credit_van ? 'Creditfactuur' : 'Factuur';
  return (
    <Box component="main" sx={{ maxWidth: 800, mx: 'auto', p: 4, bgcolor: '#fff', color: '#000', fontSize: '1.05rem', '@media print': { p: 0 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2, '@media print': { display: 'none' } }}>
        <Button variant="contained" size="large" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Afdrukken
        </Button>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 4, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {titel} {f.factuurnummer}
        </Typography>
        <Box component="address" sx={{ fontStyle: 'normal' }}>
          <strong>{u.naam}</strong>
          <br />
          {u.adres}
          <br />
          {u.postcode} {u.plaats}
          <br />
          KvK: {u.kvk_nummer}
          <br />
          Btw-nummer: {u.btw_nummer}
          <br />
          IBAN: {u.iban}
        </Box>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 3, '& dt': { fontWeight: 700 }, '& dd': { m: 0 } }}>
        <dt>Factuurdatum</dt>
        <dd>{ddMMyyyy(f.datum)}</dd>
        <dt>Datum werkzaamheden</dt>
        <dd>{ddMMyyyy(f.werk_datum)}</dd>
        {f.credit_van ? (
          <>
            <dt>Crediteert factuur</dt>
            <dd>{f.credit_van.factuurnummer}</dd>
            <dt>Reden</dt>
            <dd>{f.credit_reden}</dd>
          </>
        ) : (
          <>
            <dt>Vervaldatum</dt>
            <dd>{ddMMyyyy(f.vervaldatum)}</dd>
          </>
        )}
      </Box>
      <Typography variant="h6" component="h2">
        Aan
      </Typography>
      <Box component="address" sx={{ fontStyle: 'normal', mb: 3 }}>
        {f.klant.naam}
        <br />
        {f.klant.adres}
        <br />
        {f.klant.postcode} {f.klant.woonplaats}
      </Box>
      <Typography variant="h6" component="h2">
        Werkzaamheden
      </Typography>
      <Typography sx={{ mb: 2 }}>{f.omschrijving}</Typography>
      <Table size="small" aria-label="Regels">
        <TableHead>
          <TableRow>
            <TableCell>Omschrijving</TableCell>
            <TableCell align="right">Aantal</TableCell>
            <TableCell align="right">Prijs</TableCell>
            <TableCell align="right">Bedrag</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {f.regels.map((r, i) => (
            <TableRow key={i}>
              <TableCell>{r.omschrijving}</TableCell>
              <TableCell align="right">
                {r.aantal}
                {r.eenheid === 'uur' ? ' uur' : ''}
              </TableCell>
              <TableCell align="right">{euro(r.prijs_cents ?? 0)}</TableCell>
              <TableCell align="right">{euro(r.bedrag_cents)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} align="right">
              Subtotaal (excl. btw)
            </TableCell>
            <TableCell align="right">{euro(f.subtotaal_cents)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right">
              Btw 21%
            </TableCell>
            <TableCell align="right">{euro(f.btw_cents)}</TableCell>
          </TableRow>
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 700 }}>
              Totaal (incl. btw)
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {euro(f.totaal_cents)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography sx={{ mt: 3, fontWeight: 700 }}>{f.betaaltekst}</Typography>
    </Box>
  );
}
