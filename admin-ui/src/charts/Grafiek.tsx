/**
 * The drawing of a chart (MUI X Charts, D29), in a chunk of its own: the console's first page
 * does not wait for the chart library. What the chart shows is also in its card's caption and
 * table (ChartCard); the drawing is for the eye, so its own keyboard navigation is off and its
 * legend is the card's, in words.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ChartsLocaleText } from '@mui/x-charts/locales';
import { getal } from './format';
import { vulling, type Serie } from './series';

export interface GrafiekSerie extends Serie {
  data: readonly (number | null)[];
  /** The value in the tooltip: '€ 1.234,56', '4,3'. */
  formatter?: (value: number) => string;
}

export interface GrafiekSpec {
  soort: 'staven' | 'lijnen';
  /** Bars of the series on top of each other (per category one bar). */
  gestapeld?: boolean;
  /** The categories along the x-axis, as the API names them: '2026-11-23' (a week), '2026-11'. */
  categorieen: readonly string[];
  /** A category on the axis ('wk 48', 'nov 2026'). */
  kort: (categorie: string) => string;
  /** A category in the tooltip ('week 48 (23-11-2026)', 'november 2026'). */
  lang: (categorie: string) => string;
  xLabel: string;
  yLabel: string;
  series: readonly GrafiekSerie[];
  /** The y-axis' tick labels: '€ 12.000'. */
  yFormatter?: (value: number) => string;
  yMin?: number;
  yMax?: number;
  /** Room for the y-axis' tick labels, in px. */
  yBreedte?: number;
  hoogte?: number;
}

const LOCALE: Partial<ChartsLocaleText> = { noData: 'Geen gegevens in deze periode', loading: 'Bezig met laden…' };
const TICK = { fontSize: 15 };
const LABEL = { fontSize: 16, fontWeight: 700 };
const X_AS_HOOGTE = 60;

/** The chart of `spec`; `base` names the patterns of its series (series.tsx), which its card defines. */
export default function Grafiek({ spec, base }: { spec: GrafiekSpec; base: string }) {
  // Bars stand in bands; lines start and end at the middle of their first and last category. The
  // categories are the API's dates (unique, where 'wk 1' may come twice in a year's period).
  const x = {
    data: [...spec.categorieen],
    valueFormatter: (v: string, context: { location: string }) => (context.location === 'tick' ? spec.kort(v) : spec.lang(v)),
    label: spec.xLabel,
    labelStyle: LABEL,
    tickLabelStyle: TICK,
    // The axis' room for its tick labels and its name together. The library's default (25 + 20 px)
    // is made for 12 px ticks: a 15 px tick label does not fit it, and a label that does not fit
    // is shortened until nothing is left, so the weeks and months did not show at all.
    height: X_AS_HOOGTE,
  };
  const xAxis = [spec.soort === 'lijnen' ? { ...x, scaleType: 'point' as const } : { ...x, scaleType: 'band' as const }];
  const yAxis = [
    {
      label: spec.yLabel,
      labelStyle: LABEL,
      tickLabelStyle: TICK,
      width: spec.yBreedte ?? 64,
      tickMinStep: 1,
      // Dutch numbers on the axis too (1.000, not d3's 1,000).
      valueFormatter: spec.yFormatter ?? getal,
      ...(spec.yMin !== undefined ? { min: spec.yMin } : {}),
      ...(spec.yMax !== undefined ? { max: spec.yMax } : {}),
    },
  ];
  const common = {
    xAxis,
    yAxis,
    height: spec.hoogte ?? 300,
    hideLegend: true,
    disableKeyboardNavigation: true,
    localeText: LOCALE,
    grid: { horizontal: true },
    // Room on the right for half of the last tick label: a line's last point sits on the edge.
    margin: { top: 16, right: 32, bottom: 8, left: 8 },
  };
  const byId = new Map(spec.series.map((s) => [s.id, s]));
  // What a line and a bar say alike: name, colour, values, and a missing value as 'geen'.
  const serie = (s: (typeof spec.series)[number]) => ({
    id: s.id,
    label: s.label,
    color: s.kleur,
    data: [...s.data],
    valueFormatter: (v: number | null) => (v === null ? 'geen' : (s.formatter ?? getal)(v)),
  });

  if (spec.soort === 'lijnen') {
    return (
      <LineChart
        {...common}
        series={spec.series.map((s) => ({
          ...serie(s),
          curve: 'linear' as const,
          shape: s.vorm ?? 'circle',
          showMark: true,
          // A month without a value is a gap in the line, not a zero.
          connectNulls: false,
        }))}
        slotProps={{
          line: (owner) => ({ strokeWidth: 3, strokeDasharray: byId.get(String(owner.seriesId))?.gestreept ? '8 5' : undefined }),
        }}
      />
    );
  }
  return (
    <BarChart
      {...common}
      series={spec.series.map((s) => ({ ...serie(s), ...(spec.gestapeld ? { stack: 'totaal' } : {}) }))}
      slotProps={{
        bar: (owner) => {
          const serie = byId.get(String(owner.seriesId));
          return serie ? { fill: vulling(base, serie), stroke: serie.kleur, strokeWidth: 1 } : {};
        },
      }}
    />
  );
}
