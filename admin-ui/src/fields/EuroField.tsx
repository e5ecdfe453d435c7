import { NumberField, type NumberFieldProps } from 'react-admin';

const EURO: Intl.NumberFormatOptions = { style: 'currency', currency: 'EUR' };

/** An amount the API sends in whole cents (D7), shown in euros: € 1.234,50. */
export function EuroField(props: NumberFieldProps) {
  return <NumberField locales="nl-NL" options={EURO} transform={(cents: number) => cents / 100} {...props} />;
}
