import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { ScreenReaderText } from '../a11y/ScreenReaderText';
import { download, semicolonCsv } from '../klanten/csv';
import type { GrafiekSpec } from './Grafiek';
import { Legenda, Patronen } from './series';

const Grafiek = lazy(() => import('./Grafiek'));

/** A column of a chart's table and CSV file. */
export interface Kolom<R> {
  kop: string;
  /** The column's name in the CSV file when it differs ('Omzet excl. btw (euro)'). */
  csvKop?: string;
  /** The cell as the table shows it: '€ 1.234,56', '4,3', 'geen beoordelingen'. */
  cel: (rij: R) => string;
  /** The field in the CSV file when it differs from the cell: '1234,56', '' (default: the cell). */
  csv?: (rij: R) => string;
  /** Numbers stand to the right. */
  getal?: boolean;
}

export interface ChartCardProps<R> {
  titel: string;
  /** One sentence that says what the chart shows (totals, the share that was late). */
  samenvatting: string;
  grafiek: GrafiekSpec;
  /** The table's rows; its first column heads each row. */
  kolommen: readonly Kolom<R>[];
  rijen: readonly R[];
  /** The table's caption: the title and what it covers ('… van 01-10-2026 tot en met 24-11-2026'). */
  bijschrift: string;
  /** With a file name, a 'Download CSV' button offers the table as a semicolon file. */
  csvNaam?: string;
  /** The heading's level: h2 on its own, h3 in a section. */
  kop?: 'h2' | 'h3';
  /** A card of its own on a page (the dashboards'), with a lower chart; else outlined within a section. */
  compact?: boolean;
}

/**
 * One chart (D29) as everyone can read it: a heading, a sentence that sums it up, the drawing
 * with a legend in words (for the eye: to a screen reader it is one image whose name points to
 * the table), 'Toon cijfers' that opens the same numbers as a table, and 'Download CSV'.
 */
export function ChartCard<R>({ titel, samenvatting, grafiek, kolommen, rijen, bijschrift, csvNaam, kop = 'h3', compact = false }: ChartCardProps<R>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const hoogte = grafiek.hoogte ?? (compact ? 220 : 300);
  const csv = () =>
    semicolonCsv(
      kolommen.map((k) => k.csvKop ?? k.kop),
      rijen.map((r) => kolommen.map((k) => (k.csv ?? k.cel)(r))),
    );
  return (
    <Card component="section" variant={compact ? 'elevation' : 'outlined'} aria-labelledby={`${id}-titel`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={`${id}-titel`} variant={kop === 'h2' ? 'h5' : 'h6'} component={kop}>
          {titel}
        </Typography>
        <Typography>{samenvatting}</Typography>
        <Box role="img" aria-label={`Grafiek ${titel}. De cijfers staan in de tabel onder de knop Toon cijfers.`} sx={{ display: 'grid', gap: 1 }}>
          {/* The series' patterns, for the legend and the bars alike (url(#…) finds them in any svg). */}
          <svg width={0} height={0} style={{ position: 'absolute' }} aria-hidden focusable="false">
            <Patronen base={id} series={grafiek.series} />
          </svg>
          <Legenda base={id} series={grafiek.series} lijnen={grafiek.soort === 'lijnen'} />
          <Box sx={{ minHeight: hoogte }}>
            <Suspense fallback={<Box sx={{ height: hoogte }} />}>
              <Grafiek spec={{ ...grafiek, hoogte }} base={id} />
            </Suspense>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<TableChartIcon />}
            endIcon={<ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : undefined }} />}
            aria-expanded={open}
            aria-controls={`${id}-cijfers`}
            onClick={() => setOpen((o) => !o)}
          >
            Toon cijfers<ScreenReaderText> van {titel}</ScreenReaderText>
          </Button>
          {csvNaam !== undefined && (
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download(csvNaam, csv())}>
              Download CSV<ScreenReaderText> van {titel}</ScreenReaderText>
            </Button>
          )}
        </Box>
        <Box id={`${id}-cijfers`} hidden={!open}>
          {open && (
            <Table size="small">
              <Box component="caption" sx={{ captionSide: 'top', textAlign: 'left', px: 0, pt: 0, color: 'text.primary', fontWeight: 700 }}>
                {bijschrift}
              </Box>
              <TableHead>
                <TableRow>
                  {kolommen.map((k) => (
                    <TableCell key={k.kop} component="th" scope="col" align={k.getal ? 'right' : 'left'}>
                      {k.kop}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rijen.map((r, i) => (
                  <TableRow key={i}>
                    {kolommen.map((k, j) =>
                      j === 0 ? (
                        <TableCell key={k.kop} component="th" scope="row">
                          {k.cel(r)}
                        </TableCell>
                      ) : (
                        <TableCell key={k.kop} align={k.getal ? 'right' : 'left'}>
                          {k.cel(r)}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
