/**
 * Amounts as people type them and as the API counts them (D7: integer cents). The conversion works
 * on the digits themselves, never through a floating-point number, so '12,34' is 1234 cents
 * exactly, and a typo is refused rather than rounded into another amount.
 */

/** The largest amount a field takes: € 9.999.999,99 (the server refuses more for one payment). */
const MAX_EURO_DIGITS = 7;

/**
 * A typed amount in euros as cents, or undefined when it is not an amount. Accepted, as Dutch
 * users write them: '12,34', '12,3', '12', '€ 12,34', '1.234,56' (a dot between thousands), and
 * '12.34' (a decimal point, with one or two digits after it). Not accepted: '12,345', '1,2,3',
 * '-5', letters. Zero is an amount (0); whether it is allowed is the form's rule.
 */
export function euroNaarCenten(input: string): number | undefined {
  const s = input.replace(/€/g, '').replace(/\s/g, '');
  let euros: string;
  let cents = '';
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/.exec(s)) !== null) {
    euros = (m[1] ?? '').replaceAll('.', '');
    cents = m[2] ?? '';
  } else if ((m = /^(\d+)\.(\d{1,2})$/.exec(s)) !== null) {
    euros = m[1] ?? '';
    cents = m[2] ?? '';
  } else if ((m = /^(\d{1,3}(?:\.\d{3})+|\d+),?$/.exec(s)) !== null) {
    euros = (m[1] ?? '').replaceAll('.', '');
  } else {
    return undefined;
  }
  euros = euros.replace(/^0+(?=\d)/, '');
  if (euros.length > MAX_EURO_DIGITS) return undefined;
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}

/** Cents as an amount field holds them: 1234 → '12,34' (no euro sign, no dot between thousands). */
export function centenNaarInvoer(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
