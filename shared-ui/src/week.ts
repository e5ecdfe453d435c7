/**
 * Business dates ('2026-11-23', Amsterdam days from the server) in Dutch words and weeks, for the
 * console's calendars (the planning board, the charts) and the klusser portal's statements: plain
 * year-month-day arithmetic in UTC, so the browser's time zone never shifts a day.
 */

const DAG_KORT = ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'] as const;
const DAG_LANG = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'] as const;
export const MAAND_KORT = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'] as const;
export const MAAND_LANG = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

const DAY_MS = 86_400_000;

interface Dag {
  jaar: number;
  /** 0 = January. */
  maand: number;
  dag: number;
  /** 0 = Monday. */
  weekdag: number;
}

/** 'YYYY-MM-DD' as UTC milliseconds at midnight; NaN for anything else. */
function utc(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

function parts(iso: string): Dag | null {
  const t = utc(iso);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  return { jaar: d.getUTCFullYear(), maand: d.getUTCMonth(), dag: d.getUTCDate(), weekdag: (d.getUTCDay() + 6) % 7 };
}

/** The date n days after iso (before it for negative n), as 'YYYY-MM-DD'. */
export function addDays(iso: string, n: number): string {
  const t = utc(iso);
  return Number.isNaN(t) ? iso : new Date(t + n * DAY_MS).toISOString().slice(0, 10);
}

/** The ISO 8601 week number of a date: the week of its Thursday ('2026-11-23' → 48); 0 when unreadable. */
export function isoWeek(day: string): number {
  const t = utc(day);
  if (Number.isNaN(t)) return 0;
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = new Date(t + (3 - weekday) * DAY_MS);
  const dayOfYear = (thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / DAY_MS;
  return Math.floor(dayOfYear / 7) + 1;
}

/** 'Week 48: 23 – 29 november 2026'; across months and years the first day says its own. */
export function weekTitel(monday: string): string {
  const van = parts(monday);
  const tot = parts(addDays(monday, 6));
  if (van === null || tot === null) return monday;
  let begin = `${van.dag}`;
  if (van.maand !== tot.maand || van.jaar !== tot.jaar) begin += ` ${MAAND_LANG[van.maand]}`;
  if (van.jaar !== tot.jaar) begin += ` ${van.jaar}`;
  return `Week ${isoWeek(monday)}: ${begin} – ${tot.dag} ${MAAND_LANG[tot.maand]} ${tot.jaar}`;
}

/** A day column's header: 'ma 23 nov'; with a year when it is not `jaar`: 'ma 4 jan 2027'. */
export function dagKort(iso: string, jaar?: number): string {
  const d = parts(iso);
  if (d === null) return iso;
  const tekst = `${DAG_KORT[d.weekdag]} ${d.dag} ${MAAND_KORT[d.maand]}`;
  return jaar === undefined || jaar === d.jaar ? tekst : `${tekst} ${d.jaar}`;
}

/** A day in full, as a screen reader says it: 'woensdag 25 november'. */
export function dagLang(iso: string): string {
  const d = parts(iso);
  return d === null ? iso : `${DAG_LANG[d.weekdag]} ${d.dag} ${MAAND_LANG[d.maand]}`;
}

/** The year of a date (NaN for none). */
export function jaarVan(iso: string): number {
  return parts(iso)?.jaar ?? Number.NaN;
}

/**
 * A month as the API writes it ('2026-11' for a klusser's statement, '2026-11-01' for a fee
 * statement) in words, as the statements' PDFs say it: 'november 2026'. Anything else is shown as
 * it came.
 */
export function maandTekst(maand: string): string {
  const m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(maand.trim());
  const naam = m === null ? undefined : MAAND_LANG[Number(m[2]) - 1];
  return m === null || naam === undefined ? maand : `${naam} ${m[1]}`;
}
