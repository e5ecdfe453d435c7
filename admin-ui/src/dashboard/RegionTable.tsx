import { Card, CardContent, Link as MuiLink, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import type { DashboardData } from './types';
import { ColumnHeads, right } from '../lists/ColumnHeads';

/** Jobs per region and status; a region's name leads to the jobs list of that region. */
export function RegionTable({ regios, basename }: { regios: DashboardData['regios']; basename: string }) {
  return (
    <Card component="section" aria-labelledby="regions-title">
      <CardContent>
        <Typography id="regions-title" variant="h5" component="h2" gutterBottom>
          Klussen per regio
        </Typography>
        <Table size="small" sx={{ '& caption': { captionSide: 'top', p: 0, pb: 1, color: 'text.secondary' } }}>
          {/* The table's own name, for every reader (a caption, not only the heading above it). */}
          <caption>Aantal klussen per regio en status; de naam van een regio opent haar klussen.</caption>
          <ColumnHeads columns={['Regio', right('Open'), right('Ingepland'), right('Bezig'), right('Afgerond'), right('Totaal')]} />
          <TableBody>
            {regios.map((r) => (
              <TableRow key={r.regio} hover>
                <TableCell component="th" scope="row">
                  <MuiLink component={Link} to={`${basename}/klussen?regio=${encodeURIComponent(r.regio)}`}>
                    {r.naam}
                  </MuiLink>
                </TableCell>
                <TableCell align="right">{r.open}</TableCell>
                <TableCell align="right">{r.ingepland}</TableCell>
                <TableCell align="right">{r.bezig}</TableCell>
                <TableCell align="right">{r.afgerond}</TableCell>
                <TableCell align="right">{r.totaal}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
