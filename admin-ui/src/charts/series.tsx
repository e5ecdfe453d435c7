/**
 * How the charts' series look (D29, WCAG 1.4.1 and 1.4.11): every colour has at least 3:1 (most
 * 4.5:1) against the white card, and colour is never the only difference: bars carry a pattern
 * of white lines or dots, lines a dash style and a mark shape, and the legend names each series
 * in words with the same swatch.
 */
import { Box } from '@mui/material';

/** The fill of a series' bars: plain, or the colour with white stripes, dots or a grid on it. */
export type Patroon = 'vol' | 'schuin' | 'stippen' | 'ruit' | 'liggend';
export type Vorm = 'circle' | 'square' | 'diamond' | 'triangle';

export interface Serie {
  id: string;
  label: string;
  kleur: string;
  /** Bars: the pattern on the colour (default plain). */
  patroon?: Patroon;
  /** Lines: dashed instead of solid. */
  gestreept?: boolean;
  /** Lines: the shape of the points (default a circle). */
  vorm?: Vorm;
}

/** The colours, all dark enough on white (#ffffff): the console's blue, and the status colours. */
export const KLEUR = {
  blauw: '#1d4e89', // 8.4:1
  oranje: '#a84300', // 6.1:1
  rood: '#b3261e', // 6.5:1
  groen: '#046c4e', // 6.4:1
} as const;

/** An id that may stand in url(#…): React's useId has characters that CSS would need escaped. */
export function svgId(base: string, serie: string): string {
  return `${base.replace(/[^A-Za-z0-9_-]/g, '')}-${serie.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

/** The fill of a series' bars: its pattern when it has one, else its colour. */
export function vulling(base: string, serie: Serie): string {
  return serie.patroon === undefined || serie.patroon === 'vol' ? serie.kleur : `url(#${svgId(base, serie.id)})`;
}

function PatroonInhoud({ patroon }: { patroon: Patroon }) {
  const lijn = { stroke: '#ffffff', strokeWidth: 2 };
  switch (patroon) {
    case 'schuin':
      return <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...lijn} />;
    case 'liggend':
      return <path d="M0,4 h8" {...lijn} />;
    case 'ruit':
      return <path d="M0,4 h8 M4,0 v8" {...lijn} strokeWidth={1.5} />;
    case 'stippen':
      return <circle cx={4} cy={4} r={1.6} fill="#ffffff" />;
    default:
      return null;
  }
}

/** The <pattern> elements of a chart's series; in any <svg> of the page, url(#id) finds them. */
export function Patronen({ base, series }: { base: string; series: readonly Serie[] }) {
  return (
    <defs>
      {series
        .filter((s) => s.patroon !== undefined && s.patroon !== 'vol')
        .map((s) => (
          <pattern key={s.id} id={svgId(base, s.id)} width={8} height={8} patternUnits="userSpaceOnUse">
            <rect width={8} height={8} fill={s.kleur} />
            <PatroonInhoud patroon={s.patroon ?? 'vol'} />
          </pattern>
        ))}
    </defs>
  );
}

function Merkteken({ vorm, kleur }: { vorm: Vorm; kleur: string }) {
  const p = { fill: '#ffffff', stroke: kleur, strokeWidth: 2 };
  switch (vorm) {
    case 'square':
      return <rect x={14} y={4} width={8} height={8} {...p} />;
    case 'diamond':
      return <path d="M18,3 l5,5 l-5,5 l-5,-5 z" {...p} />;
    case 'triangle':
      return <path d="M18,3 l5,9 h-10 z" {...p} />;
    default:
      return <circle cx={18} cy={8} r={4} {...p} />;
  }
}

/** The legend: each series' swatch (pattern, or line and mark) and its name. */
export function Legenda({ base, series, lijnen }: { base: string; series: readonly Serie[]; lijnen: boolean }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 3 } }}>
      {series.map((s) => (
        <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <svg width={36} height={16} viewBox="0 0 36 16" aria-hidden focusable="false">
            {lijnen ? (
              <>
                <path d="M0,8 h36" stroke={s.kleur} strokeWidth={3} strokeDasharray={s.gestreept ? '6 4' : undefined} />
                <Merkteken vorm={s.vorm ?? 'circle'} kleur={s.kleur} />
              </>
            ) : (
              <rect x={1} y={1} width={34} height={14} fill={vulling(base, s)} stroke={s.kleur} strokeWidth={2} />
            )}
          </svg>
          <span>{s.label}</span>
        </Box>
      ))}
    </Box>
  );
}
