import { Alert, Card, CardContent, Typography } from '@mui/material';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { ChartCard, type Kolom } from '../charts/ChartCard';
import { datum, getal, weekKort, weekLang } from '../charts/format';
import { KLEUR } from '../charts/series';
import type { ApiState } from '../api/useApiState';

export type TrendData = ResponseBody<'/api/v1/dashboard/trend'>['data'];
type TrendWeek = TrendData['weken'][number];

export const TREND_PATH = '/api/v1/dashboard/trend';
export const TREND_FOUT = 'Fout bij laden van de trend';
const TITEL = 'Trend (8 weken)';

const KOLOMMEN: Kolom<TrendWeek>[] = [
  { kop: 'Week', cel: (r) => weekLang(r.week) },
  { kop: 'Vanaf (maandag)', cel: (r) => datum(r.week) },
  { kop: 'Nieuwe aanvragen', cel: (r) => getal(r.nieuw), getal: true },
  { kop: 'Afgeronde klussen', cel: (r) => getal(r.afgerond), getal: true },
];

/**
 * The dashboards' trend (D29): new requests and finished jobs of this week and the 7 before it,
 * as lines with the numbers as a table. The dashboard reads it (useApiState) and asks again on
 * every job event, as it does its counts.
 */
export function Trend({ state }: { state: ApiState<TrendData> }) {
  if (state.kind !== 'ok') {
    return (
      <Card component="section" aria-labelledby="trend-titel">
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <Typography id="trend-titel" variant="h5" component="h2">
            {TITEL}
          </Typography>
          {state.kind === 'loading' ? <Typography role="status">Trend wordt geladen…</Typography> : <Alert severity="error">{TREND_FOUT}</Alert>}
        </CardContent>
      </Card>
    );
  }
  const weken = state.data.weken;
  const nu = weken.at(-1);
  const nieuw = weken.reduce((t, w) => t + w.nieuw, 0);
  const afgerond = weken.reduce((t, w) => t + w.afgerond, 0);
  return (
    <ChartCard
      titel={TITEL}
      kop="h2"
      compact
      samenvatting={
        nu === undefined
          ? 'Geen weken om te tonen.'
          : `In 8 weken ${getal(nieuw)} nieuwe aanvragen en ${getal(afgerond)} afgeronde klussen; deze week (${weekLang(nu.week)}) tot nu toe ${getal(nu.nieuw)} nieuw en ${getal(nu.afgerond)} afgerond.`
      }
      grafiek={{
        soort: 'lijnen',
        categorieen: weken.map((w) => w.week),
        kort: weekKort,
        lang: (w) => `${weekLang(w)} (${datum(w)})`,
        xLabel: 'Week',
        yLabel: 'Aantal',
        yMin: 0,
        series: [
          { id: 'nieuw', label: 'Nieuwe aanvragen', kleur: KLEUR.blauw, vorm: 'circle', data: weken.map((w) => w.nieuw), formatter: getal },
          { id: 'afgerond', label: 'Afgeronde klussen', kleur: KLEUR.groen, vorm: 'square', gestreept: true, data: weken.map((w) => w.afgerond), formatter: getal },
        ],
      }}
      kolommen={KOLOMMEN}
      rijen={weken}
      bijschrift="Nieuwe aanvragen en afgeronde klussen per week, de laatste 8 weken"
    />
  );
}
