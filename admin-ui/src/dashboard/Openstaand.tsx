import { Alert, Card, CardContent, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { ScreenReaderText } from '../a11y/ScreenReaderText';
import { useApiData } from '../api/useApiData';
import { OUDERDOM_KEUZES } from '../facturen/staat';
import { euro } from '../klussen/format';

/** GET /api/v1/facturen/openstaand's data: per region the actor sees, and their total. */
export type OpenData = ResponseBody<'/api/v1/facturen/openstaand'>['data'];

/** A count of invoices in words. */
const facturen = (n: number) => `${n} ${n === 1 ? 'factuur' : 'facturen'}`;

/**
 * One cell: the amount and the number of invoices, leading to the invoices list with the same
 * filter; a cell with nothing open is a dash. Screen readers hear the region and age first, so a
 * link read on its own still says what it counts.
 */
function Cel({ aantal, cents, naar, wat, vet = false }: { aantal: number; cents: number; naar: string; wat: string; vet?: boolean }) {
  if (aantal === 0) {
    return (
      <TableCell align="right">
        <span aria-hidden>—</span>
        <ScreenReaderText>niets open</ScreenReaderText>
      </TableCell>
    );
  }
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: vet ? 700 : 400 }}>
      <MuiLink component={Link} to={naar} sx={{ fontWeight: 'inherit' }}>
        <ScreenReaderText>{wat}: </ScreenReaderText>
        {euro(cents)}
        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
          {facturen(aantal)}
        </Typography>
      </MuiLink>
    </TableCell>
  );
}

/**
 * 'Openstaand' (D30): what is still to be paid per region, by days past the due date (not yet
 * due, 1-30, 31-60, more than 60), amounts and numbers of invoices, with a total row when there is
 * more than one region (a franchise owner of one region sees just its row); each cell
 * leads to the invoices list filtered by that region and age. A franchise owner sees its regions
 * (the server decides).
 */
export function Openstaand({ basename }: { basename: string }) {
  // On the console's cache under 'facturen': a payment, a credit invoice or a bank statement
  // reads it again (facturen/actions.ts).
  const { data, failed } = useApiData<OpenData>('/api/v1/facturen/openstaand');
  const lijst = (params: Record<string, string>) => `${basename}/facturen?${new URLSearchParams(params).toString()}`;
  return (
    <Card component="section" aria-labelledby="openstaand-title">
      <CardContent>
        <Typography id="openstaand-title" variant="h5" component="h2" gutterBottom>
          Openstaand
        </Typography>
        {data === undefined && failed && <Alert severity="error">Kon de openstaande facturen niet laden.</Alert>}
        {data === undefined && !failed && <Typography role="status">Openstaande facturen worden geladen…</Typography>}
        {data !== undefined && data.totaal.aantal === 0 && <Typography>Er staat niets open: alle facturen zijn betaald of gecrediteerd.</Typography>}
        {data !== undefined && data.totaal.aantal > 0 && (
          <Table size="small" aria-describedby="openstaand-uitleg">
            <caption id="openstaand-uitleg" style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>
              Nog te ontvangen per regio, naar dagen na de vervaldatum. Kies een bedrag voor de facturen.
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Regio
                </TableCell>
                {OUDERDOM_KEUZES.map((o) => (
                  <TableCell key={o.id} component="th" scope="col" align="right">
                    {o.name}
                  </TableCell>
                ))}
                <TableCell component="th" scope="col" align="right">
                  Totaal
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data.regios.length > 1 ? [...data.regios, data.totaal] : data.regios).map((r) => {
                const totaal = r === data.totaal;
                const regio: Record<string, string> = totaal ? {} : { regio: r.regio };
                return (
                  <TableRow key={totaal ? '' : r.regio} sx={totaal ? { '& th, & td': { borderTop: 2, borderColor: 'text.primary' } } : undefined}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                      {totaal ? 'Totaal' : r.naam}
                    </TableCell>
                    {OUDERDOM_KEUZES.map((o, i) => {
                      const b = r.buckets.find((x) => x.ouderdom === o.id) ?? r.buckets[i] ?? { aantal: 0, cents: 0 };
                      return (
                        <Cel
                          key={o.id}
                          aantal={b.aantal}
                          cents={b.cents}
                          naar={lijst({ ...regio, ouderdom: o.id })}
                          wat={`${totaal ? 'Alle regio’s' : r.naam}, ${o.name.toLowerCase()}`}
                          vet={totaal}
                        />
                      );
                    })}
                    <Cel aantal={r.aantal} cents={r.cents} naar={lijst({ ...regio, betaald: 'nee' })} wat={`${totaal ? 'Alle regio’s' : r.naam}, totaal`} vet />
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
