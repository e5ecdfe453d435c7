/**
 * The customer card's CSV exports (document 001 section 9): the request history with semicolons,
 * dates dd-MM-yyyy; the invoices "comma with quoted fields" as the invoice page does. Built in the
 * browser from the rows the card already shows (a customer has few; the tab asks up to 500).
 */

export { ddMMyyyy } from '../fields/dates';

/**
 * The server's rule (services/exports: Writer): a text that a spreadsheet would take for a formula
 * (= + - @, a tab or carriage return first) gets a leading quote; a plain number ("-12,50") stays.
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?[0-9]+(,[0-9]+)?$/.test(value) ? `'${value}` : value;
}

/** A field for a semicolon file: defused, quoted only when it must be (separator, quote or line break). */
function semicolonField(raw: string): string {
  const value = defuse(raw);
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Every field defused and quoted, quotes doubled. */
const quoted = (raw: string) => `"${defuse(raw).replaceAll('"', '""')}"`;

export function semicolonCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(semicolonField).join(';')).join('\r\n') + '\r\n';
}

export function commaQuotedCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(quoted).join(',')).join('\r\n') + '\r\n';
}

/** Amounts in cents as Dutch euros without the sign: 1234 → "12,34". */
export function bedrag(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Offers text as a file download (with a BOM, so that spreadsheet programs read UTF-8). */
export function download(filename: string, text: string): void {
  downloadBlob(filename, new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
}

/** Offers a file the server made (a zip) to the browser's downloads. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
