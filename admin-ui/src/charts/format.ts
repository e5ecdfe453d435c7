/**
 * Labels and numbers of the charts (D29). Weeks and months come from the API as business dates
 * ('2026-11-23', a Monday; '2026-11'): they are read as calendar days in UTC arithmetic, never
 * through the browser's time zone, so a browser abroad shows the same week numbers.
 */
import { euroHeel } from '@klusmaat/shared-ui/money';
import { ddMMyyyy } from '../fields/dates';
import { addDays, isoWeek, MAAND_KORT } from '@klusmaat/shared-ui/week';

export { isoWeek };

/** An axis label of a week: 'wk 48'. */
export function weekKort(monday: string): string {
  return `wk ${isoWeek(monday)}`;
}

/** A week as a table and a CSV name it: 'week 48'. */
export function weekLang(monday: string): string {
  return `week ${isoWeek(monday)}`;
}

/** A week's Monday as people read it: '23-11-2026'. */
export const datum = ddMMyyyy;

/** A week of a period as the API gives it: its Monday and the first and last day counted in it. */
export interface PeriodeWeek {
  week: string;
  van: string;
  tot: string;
}

/** Whether the period cuts the week: it counts fewer than its seven days. */
export const deelsGeteld = (w: PeriodeWeek) => w.van !== w.week || w.tot !== addDays(w.week, 6);

/** The days counted in a week: '01-11-2026' or '23-11-2026 t/m 27-11-2026'. */
export function weekDagen(w: PeriodeWeek): string {
  return w.van === w.tot ? datum(w.van) : `${datum(w.van)} t/m ${datum(w.tot)}`;
}

/** A week in a table or file: 'week 48', or 'week 48 (deel)' when the period cuts it. */
export function periodeWeekLang(w: PeriodeWeek): string {
  return deelsGeteld(w) ? `${weekLang(w.week)} (deel)` : weekLang(w.week);
}

/** A week on an axis: 'wk 48', or 'wk 48 (deel)'. */
export function periodeWeekKort(w: PeriodeWeek): string {
  return deelsGeteld(w) ? `${weekKort(w.week)} (deel)` : weekKort(w.week);
}

/**
 * The sentence that names the weeks the period cuts, for a chart's summary: 'Week 44 en week 48
 * liggen deels in de periode: alleen 01-11-2026 en 23-11-2026 t/m 27-11-2026 zijn geteld.' ('' when none).
 */
export function deelWekenZin(weken: readonly PeriodeWeek[]): string {
  const deel = weken.filter(deelsGeteld);
  if (deel.length === 0) return '';
  const en = (woorden: string[]) => (woorden.length > 1 ? `${woorden.slice(0, -1).join(', ')} en ${woorden.at(-1)}` : (woorden[0] ?? ''));
  const namen = en(deel.map((w) => weekLang(w.week)));
  const dagen = en(deel.map(weekDagen));
  return ` ${namen.charAt(0).toUpperCase()}${namen.slice(1)} ${deel.length === 1 ? 'ligt' : 'liggen'} deels in de periode: alleen ${dagen} ${deel.length === 1 && deel[0]?.van === deel[0]?.tot ? 'is' : 'zijn'} geteld.`;
}

function maandDelen(maand: string): { jaar: string; index: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(maand);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? { jaar: m[1] as string, index } : null;
}

/** An axis label of a month: '2026-11' → 'nov 2026'. */
export function maandKort(maand: string): string {
  const d = maandDelen(maand);
  return d ? `${MAAND_KORT[d.index]} ${d.jaar}` : maand;
}

const GETAL = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const PROCENT = new Intl.NumberFormat('nl-NL', { style: 'percent', maximumFractionDigits: 0 });

/** A count or average on screen: 1.234 and 4,3. */
export const getal = (n: number) => GETAL.format(n);

/** A whole amount of euros on an axis: '€ 12.000' (the one money formatter, shared-ui/money). */
export { euroHeel };

/** A share: '8%'. */
export const procent = (deel: number, geheel: number) => PROCENT.format(geheel === 0 ? 0 : deel / geheel);

/**
 * A number in a CSV file for a Dutch spreadsheet: a decimal comma and no thousands separator
 * ('1234,5'); an empty field for a value that is not there (a month without ratings).
 */
export function csvGetal(n: number | null, decimals = 0): string {
  if (n === null) return '';
  const text = decimals === 0 ? String(Math.round(n)) : n.toFixed(decimals).replace(/\.?0+$/, '');
  return text.replace('.', ',');
}

/** 'klussen-per-week-2026-10-01-2026-11-24.csv' (with the region when one was chosen). */
export function csvNaam(naam: string, van: string, tot: string, regio = ''): string {
  return `${[naam, regio, van, tot].filter((s) => s !== '').join('-')}.csv`;
}
