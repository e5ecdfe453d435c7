import type { ChipProps } from '@mui/material';
import { maandTekst } from '@klusmaat/shared-ui/week';

/** The months the filter offers: this month and the 24 before it, newest first, as JJJJ-MM in words. */
export function maandKeuzes(vandaag: { year: number; month: number }, aantal = 25): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  let { year, month } = vandaag;
  for (let i = 0; i < aantal; i++) {
    const id = `${year}-${String(month).padStart(2, '0')}`;
    out.push({ id, name: maandTekst(id) });
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return out;
}

/** A statement's state as the office reads it (D31); the server's status_tekst adds the date paid. */
export const STATUS_LABEL: Readonly<Record<string, string>> = { concept: 'Concept', goedgekeurd: 'Goedgekeurd', uitbetaald: 'Uitbetaald' };

export const STATUS_KEUZES = ['concept', 'goedgekeurd', 'uitbetaald'].map((id) => ({ id, name: STATUS_LABEL[id] ?? id }));

/** The chips' colours (the theme's, each 4.5:1 with white text): what waits for the office stands out. */
export const STATUS_KLEUR: Readonly<Record<string, ChipProps['color']>> = { concept: 'warning', goedgekeurd: 'info', uitbetaald: 'success' };

/** A batch's state: made (to download and send to the bank) or carried out by the bank. */
export const BATCH_KLEUR: Readonly<Record<string, ChipProps['color']>> = { aangemaakt: 'warning', uitgevoerd: 'success' };

/** Whole hours in Dutch: '1 uur', '3 uur' (a correction may be negative: '-2 uur'). */
export function urenTekst(uren: number): string {
  return `${uren.toLocaleString('nl-NL')} uur`;
}

/** How many: '1 uitbetaling', '3 uitbetalingen'. */
export function aantal(n: number, een: string, meer: string): string {
  return `${n} ${n === 1 ? een : meer}`;
}
