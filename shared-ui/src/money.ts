/**
 * Money and payment methods as every screen writes them (console, klusser portal, status page;
 * issue 39 item 17): one formatter per language, this one for TypeScript and factuur.Euro and
 * factuur.MethodLabels for Go (PDFs, e-mails), which write the same. Amounts are cents (D7) until
 * they are shown; the Dutch currency format puts a minus after the euro sign: '€ -95,47'.
 */

const EURO = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
const EURO_HEEL = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** Cents as '€ 1.234,56', a negative amount as '€ -95,47'. */
export function euro(cents: number): string {
  return EURO.format(cents / 100);
}

/** Whole euros (not cents) as '€ 98', for estimates and chart axes. */
export function euroHeel(euros: number): string {
  return EURO_HEEL.format(euros);
}

/** How a payment was made, in the words of every screen and PDF: 'PIN', 'Contant', 'Bank'. */
export const BETAALMETHODE = {
  contant: 'Contant',
  pin: 'PIN',
  bank: 'Bank',
  niet_betaald: 'Niet betaald',
} as const satisfies Readonly<Record<string, string>>;
