/**
 * How 'Mijn Verdiensten' writes a statement and a bank account: the state in words with a plain
 * explanation, an IBAN in groups of four and a masked IBAN as a screen reader should say it (the
 * month in words is shared-ui's maandTekst).
 */

export type UitbetalingStatus = 'concept' | 'goedgekeurd' | 'uitbetaald';

export const STATUS_WOORD: Readonly<Record<UitbetalingStatus, string>> = {
  concept: 'Concept',
  goedgekeurd: 'Goedgekeurd',
  uitbetaald: 'Uitbetaald',
};

export const isUitbetalingStatus = (s: string): s is UitbetalingStatus => s in STATUS_WOORD;

/** The state in one word; an unknown state as the server words it. */
export function statusWoord(status: string, statusTekst: string): string {
  return isUitbetalingStatus(status) ? STATUS_WOORD[status] : statusTekst || status;
}

/**
 * What the state means for the klusser, in a sentence. The server says when a statement was paid
 * in its status_tekst ("Uitbetaald op 05-11-2026"); the date is taken from there.
 */
export function statusUitleg(status: string, statusTekst: string): string | null {
  switch (status) {
    case 'concept':
      return 'Wij controleren dit overzicht nog.';
    case 'goedgekeurd':
      return 'Goedgekeurd. Het geld wordt binnenkort naar je rekening overgemaakt.';
    case 'uitbetaald': {
      const datum = /\d{2}-\d{2}-\d{4}/.exec(statusTekst)?.[0];
      return datum === undefined ? 'Het geld is naar je rekening overgemaakt.' : `Het geld is op ${datum} naar je rekening overgemaakt.`;
    }
    default:
      return null;
  }
}

/** "NL91ABNA0417164300" -> "NL91 ABNA 0417 1643 00", easier to check against a bank card. */
export function ibanInGroepen(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A masked IBAN ("NL91 **** **** **** 4300") as words for a screen reader, which would otherwise
 * read every star: "NL91, eindigend op 4300".
 */
export function gemaskeerdVoorgelezen(gemaskeerd: string): string {
  const compact = gemaskeerd.replace(/\s+/g, '');
  if (compact.length < 8) return 'verborgen';
  return `${compact.slice(0, 4)}, eindigend op ${compact.slice(-4)}`;
}
