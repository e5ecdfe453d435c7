import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { formatNL, todayNL } from '@klusmaat/shared-ui/calendar';
import { ActionError, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import type { ConsoleDataProvider } from '../dataProvider';
import { download } from '../klanten/csv';
import { useRegios } from '../regios/useRegios';
import { Grafieken } from './Grafieken';
import { EXPORT_FOUT, type ExportSoort } from './actions';

type Export = ResponseBody<'/api/v1/exports/{id}'>;
type Soort = ExportSoort;

/** How often the page asks for an export's progress. */
export const POLL_MS = 700;

const LABEL: Record<Soort, string> = { uren: 'Uren Export', facturen: 'Facturen Export' };
/** Section 8's toasts: '{n} werkbonnen geëxporteerd' / '{n} facturen geëxporteerd'. */
const GELUKT: Record<Soort, (n: number) => string> = {
  uren: (n) => `${n} werkbonnen geëxporteerd`,
  facturen: (n) => `${n} facturen geëxporteerd`,
};

/** The period's two date fields, and the export's field each one answers for. */
const DATUMS = [
  { veld: 'van', label: 'Startdatum' },
  { veld: 'tot', label: 'Einddatum' },
] as const;

/** The first day of this month and today, Dutch dates (jjjj-mm-dd). */
function defaultPeriod(): { van: string; tot: string } {
  const today = todayNL();
  return { van: formatNL(new Date(today.getFullYear(), today.getMonth(), 1), 'yyyy-MM-dd'), tot: formatNL(today, 'yyyy-MM-dd') };
}

/**
 * Rapportages (document 001 section 2): a period and a region, and two exports made in the
 * background (D16) while a bar shows their progress; the finished CSV (semicolons, dd-MM-yyyy,
 * hours x 65) is downloaded by the browser and offered again as a link. Below them, the period's
 * figures as charts (D29).
 */
export default function RapportagesPage() {
  const [periode, setPeriode] = useState(defaultPeriod);
  const [regio, setRegio] = useState('');
  const { choices: regioKeuzes } = useRegios();
  const [fields, setFields] = useState<Record<string, string>>({});
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 900 }}>
      <Title title="Rapportages" />
      <Box>
        <Button component={Link} to="/admin/dashboard" startIcon={<ArrowBackIcon />}>
          Terug naar dashboard
        </Button>
      </Box>
      <Typography variant="h4" component="h1">
        Rapportages
      </Typography>
      <Card component="section" aria-labelledby="rapportage-filters">
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <Typography id="rapportage-filters" variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
            Periode en regio
          </Typography>
          {DATUMS.map(({ veld, label }) => (
            <TextField
              key={veld}
              label={label}
              type="date"
              value={periode[veld]}
              onChange={(e) => setPeriode((p) => ({ ...p, [veld]: e.target.value }))}
              error={Boolean(fields[veld])}
              helperText={fields[veld] ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
          <TextField
            select
            label="Regio"
            value={regio}
            onChange={(e) => setRegio(e.target.value)}
            helperText=" "
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Alle regio&apos;s</MenuItem>
            {regioKeuzes.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      {(['uren', 'facturen'] as const).map((soort) => (
        <ExportCard key={soort} soort={soort} request={{ soort, van: periode.van, tot: periode.tot, regio }} onFields={setFields} />
      ))}
      <Grafieken van={periode.van} tot={periode.tot} regio={regio} onFields={setFields} />
    </Box>
  );
}

function ExportCard({ soort, request, onFields }: { soort: Soort; request: { soort: Soort; van: string; tot: string; regio: string }; onFields: (f: Record<string, string>) => void }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const startExport = useAction('startExport');
  const [exp, setExp] = useState<Export | null>(null);
  const [fout, setFout] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const busy = exp !== null && (exp.status === 'wachtrij' || exp.status === 'bezig');

  const follow = (id: string) => {
    timer.current = window.setTimeout(() => {
      dataProvider
        .read<never>(`/api/v1/exports/${encodeURIComponent(id)}`)
        .then((a) => {
          const e = a.extra as unknown as Export;
          setExp(e);
          if (e.status === 'klaar') {
            notify(GELUKT[soort](e.rijen ?? 0), { type: 'success' });
            void saveExport(dataProvider, e);
          } else if (e.status === 'mislukt') {
            setFout(e.fout ?? EXPORT_FOUT[soort]);
            notify(e.fout ?? EXPORT_FOUT[soort], { type: e.fout?.startsWith('Geen ') ? 'warning' : 'error' });
          } else {
            follow(id);
          }
        })
        .catch(() => {
          setFout(EXPORT_FOUT[soort]);
          notify(EXPORT_FOUT[soort], { type: 'error' });
        });
    }, POLL_MS);
  };

  const start = async () => {
    setFout(null);
    onFields({});
    try {
      const a: ActionAnswer<unknown> = await startExport.mutateAsync(request);
      const e = a.extra as unknown as Export;
      setExp(e);
      follow(e.id);
    } catch (err) {
      if (err instanceof ActionError) onFields(err.fields);
      // The server's words; without them (no answer, no message) this export's own failure.
      const msg = err instanceof ActionError && !err.message.startsWith(EXPORT_FOUT[soort]) ? err.message : EXPORT_FOUT[soort];
      setFout(msg);
      notify(msg, { type: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby={`export-${soort}`}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={`export-${soort}`} variant="h6" component="h2">
          {LABEL[soort]}
        </Typography>
        <Typography>
          {soort === 'uren'
            ? 'De afgeronde werkbonnen van de periode: datum, klusser, regio, woonplaats, omschrijving, uren en het bedrag (uren x 65).'
            : 'De facturen van de periode: nummer, datum, klant, regio, uren, uurtarief en arbeid zoals gefactureerd, materiaal, subtotaal, btw, totaal en betaalmethode.'}
        </Typography>
        <Box>
          <Button variant="contained" size="large" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void start()}>
            {LABEL[soort]}
          </Button>
        </Box>
        {busy && exp !== null && (
          <Box>
            <Typography id={`voortgang-${soort}`}>Bezig met exporteren… {exp.voortgang}%</Typography>
            <LinearProgress variant="determinate" value={exp.voortgang} aria-labelledby={`voortgang-${soort}`} sx={{ height: 10, borderRadius: 5 }} />
          </Box>
        )}
        {exp?.status === 'klaar' && (
          <Typography>
            Klaar: {exp.rijen} regels.{' '}
            <a href={`/api/v1/exports/${exp.id}/download`} download={exp.bestandsnaam ?? undefined}>
              {exp.bestandsnaam ?? 'Download'} opnieuw downloaden
            </a>
          </Typography>
        )}
        {fout !== null && (
          <Alert severity={fout.startsWith('Geen ') ? 'info' : 'error'} role="alert">
            {fout}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Saves the finished file through the browser; a failed download leaves the link below to try again. */
async function saveExport(dataProvider: ConsoleDataProvider, e: Export) {
  const csv = await dataProvider.readText(`/api/v1/exports/${e.id}/download`, 'text/csv', 'Downloaden is niet gelukt').catch(() => null);
  if (csv !== null) download(e.bestandsnaam ?? 'export.csv', csv);
}
