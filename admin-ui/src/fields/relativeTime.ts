/**
 * Dutch relative time ("3 minuten geleden", "gisteren", "vorige week") for lists and the
 * dashboard (document 001 section 2). Pure: the caller passes now, so tests and renders agree.
 */
const FORMAT = new Intl.RelativeTimeFormat('nl', { numeric: 'auto' });

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return 'zojuist';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return FORMAT.format(Math.trunc(seconds / size), unit);
  }
  return 'zojuist';
}
