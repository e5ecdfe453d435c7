import { required, type Validator } from 'react-admin';
import { formatNL } from '@klusmaat/shared-ui/calendar';
import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

/**
 * The quote editor's rules and sums, as services/offerte checks and computes them, so that the
 * console refuses what the server refuses, with the same words, and shows the total it will store.
 */

export type Offerte = NonNullable<ResponseBody<'/api/v1/klussen/{id}/offerte'>['data']>;
export type OfferteInvoer = RequestBody<'/api/v1/klussen/{id}/offerte', 'put'>;

/** The editor's limits, as services/offerte checks them. */
export const MAX_MATERIALEN = 30;
export const MAX_OMSCHRIJVING = 200;
export const MAX_AANTAL = 999;
export const MAX_UREN = 100;
const MAX_CENTS = 10_000_000;
export const GELDIG_DAGEN = 30;
const BTW_PROCENT = 21;

/**
 * The server's field messages (services/offerte/service.go) that the editor can check itself, so
 * both say the same. The server's others (no labour kind, over 30 lines) cannot be typed here.
 */
const MELDING = {
  arbeid: 'Beschrijf het werk (hoogstens 200 tekens).',
  vast: 'Vul een vaste prijs in van meer dan € 0.',
  uren: 'Vul het aantal uren in, in halve uren (0,5 tot 100).',
  materiaal: 'Beschrijf het materiaal (hoogstens 200 tekens).',
  aantal: 'Vul een aantal in van 1 tot 999.',
  prijs: 'Vul een prijs per stuk in (€ 0 of meer).',
  geldig: 'Kies een geldigheidsdatum vanaf vandaag, hoogstens een jaar vooruit.',
} as const;

/**
 * The editor's values: named as the API's fields, so that a refusal's field messages
 * ('arbeid_cents', 'materialen.0.prijs_cents') land at their inputs, but holding what was typed
 * (euros with a comma, hours as text). toInvoer makes the API's body of them.
 */
export interface OfferteForm {
  arbeid_wijze: 'vast' | 'uren';
  arbeid_omschrijving: string;
  /** The fixed price in euros, as typed. */
  arbeid_cents: string;
  /** The hours, as typed. */
  arbeid_uren: string;
  materialen: Materiaalregel[];
  geldig_tot: string;
}

interface Materiaalregel {
  omschrijving: string;
  aantal: string;
  /** The price per piece in euros, as typed. */
  prijs_cents: string;
}

export const NIEUWE_REGEL: Materiaalregel = { omschrijving: '', aantal: '1', prijs_cents: '' };

/** Today's date in Amsterdam, 'YYYY-MM-DD', whatever the browser's zone. */
export const vandaagNL = (): string => formatNL(Date.now(), 'yyyy-MM-dd');

/** A calendar date 'YYYY-MM-DD' moved by days and years (Feb 29 + 1 year is March 1, as in Go). */
function verschuif(iso: string, dagen: number, jaren = 0): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Date(Date.UTC(Number(m[1]) + jaren, Number(m[2]) - 1, Number(m[3]) + dagen)).toISOString().slice(0, 10);
}

/** A typed amount in euros ('150', '150,50', '150.50', '€ 150') as cents; undefined when it is none. */
function euroNaarCenten(input: string): number | undefined {
  const s = input.replace(/€/g, '').replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return undefined;
  return Math.round(Number(s) * 100);
}

/** Cents as the price inputs hold them: '150,50'. */
const centenNaarInvoer = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Typed hours ('2.5' from the number input, or '2,5') as a number; undefined when they are none. */
function urenVan(input: string): number | undefined {
  const s = input.trim().replace(',', '.');
  return /^\d{1,3}(\.\d+)?$/.test(s) ? Number(s) : undefined;
}

/** A whole quantity 1..999 typed as text; undefined otherwise. */
function aantalVan(input: string): number | undefined {
  const s = input.trim();
  if (!/^\d{1,3}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 && n <= MAX_AANTAL ? n : undefined;
}

/** A description as the server stores it: runs of white space as one space, trimmed. */
const tekst = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
const tekstFout = (s: string) => s === '' || [...s].length > MAX_OMSCHRIJVING;

/** The editor's values for a new quote, the concept itself, or a new version after a sent one (fresh validity). */
export function formVan(o: Offerte | null, vandaag: string): OfferteForm {
  const standaard = verschuif(vandaag, GELDIG_DAGEN);
  if (o === null) return { arbeid_wijze: 'vast', arbeid_omschrijving: '', arbeid_cents: '', arbeid_uren: '', materialen: [], geldig_tot: standaard };
  const uren = o.arbeid_wijze === 'uren';
  return {
    arbeid_wijze: uren ? 'uren' : 'vast',
    arbeid_omschrijving: o.arbeid_omschrijving,
    arbeid_cents: uren ? '' : centenNaarInvoer(o.arbeid_cents),
    arbeid_uren: uren && o.arbeid_uren !== null ? String(o.arbeid_uren) : '',
    materialen: o.materialen.map((m) => ({ omschrijving: m.omschrijving, aantal: String(m.aantal), prijs_cents: centenNaarInvoer(m.prijs_cents) })),
    geldig_tot: o.status === 'concept' ? o.geldig_tot : standaard,
  };
}

/**
 * The amounts as the server computes them (offerte.Reken): VAT 21 % rounded to the cent, halves
 * up. Of the values as they are being typed: what is not (yet) a number counts as nothing.
 */
export function bedragen(
  f: { arbeid_wijze?: string; arbeid_cents?: string; arbeid_uren?: string; materialen?: Partial<Materiaalregel>[] },
  uurtariefCents: number,
) {
  const uren = urenVan(f.arbeid_uren ?? '');
  const arbeid = f.arbeid_wijze === 'uren' ? (uren === undefined ? 0 : Math.round(uren * uurtariefCents)) : (euroNaarCenten(f.arbeid_cents ?? '') ?? 0);
  const materiaal = (f.materialen ?? []).reduce((som, r) => som + (aantalVan(r?.aantal ?? '') ?? 0) * (euroNaarCenten(r?.prijs_cents ?? '') ?? 0), 0);
  const subtotaal = arbeid + materiaal;
  const btw = Math.floor((subtotaal * BTW_PROCENT + 50) / 100);
  return { arbeid, materiaal, subtotaal, btw, totaal: subtotaal + btw };
}

/** The API's body of valid values: descriptions as the server stores them, euros as cents. */
export function toInvoer(f: OfferteForm): OfferteInvoer {
  const vast = f.arbeid_wijze === 'vast';
  return {
    arbeid_wijze: f.arbeid_wijze,
    arbeid_omschrijving: tekst(f.arbeid_omschrijving),
    arbeid_cents: vast ? (euroNaarCenten(f.arbeid_cents) ?? 0) : 0,
    arbeid_uren: vast ? 0 : (urenVan(f.arbeid_uren) ?? 0),
    materialen: f.materialen.map((r) => ({ omschrijving: tekst(r.omschrijving), aantal: aantalVan(r.aantal) ?? 0, prijs_cents: euroNaarCenten(r.prijs_cents) ?? 0 })),
    geldig_tot: f.geldig_tot,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Each input's rules (offerte.Check), with react-admin's required first so the label says the
 * field is required. The price input is only there for a fixed price, the hours input only for
 * hours: an input that is not shown is not checked.
 */
export const REGELS: Record<'omschrijving' | 'vast' | 'uren' | 'materiaal' | 'aantal' | 'prijs' | 'geldig', Validator[]> = {
  omschrijving: [required(MELDING.arbeid), (v) => (tekstFout(tekst(str(v))) ? MELDING.arbeid : undefined)],
  vast: [
    required(MELDING.vast),
    (v) => {
      const cents = euroNaarCenten(str(v));
      return cents === undefined || cents <= 0 || cents > MAX_CENTS ? MELDING.vast : undefined;
    },
  ],
  uren: [
    required(MELDING.uren),
    (v) => {
      const uren = urenVan(str(v));
      return uren === undefined || uren < 0.5 || uren > MAX_UREN || !Number.isInteger(uren * 2) ? MELDING.uren : undefined;
    },
  ],
  materiaal: [required(MELDING.materiaal), (v) => (tekstFout(tekst(str(v))) ? MELDING.materiaal : undefined)],
  aantal: [required(MELDING.aantal), (v) => (aantalVan(str(v)) === undefined ? MELDING.aantal : undefined)],
  prijs: [
    required(MELDING.prijs),
    (v) => {
      const cents = euroNaarCenten(str(v));
      return cents === undefined || cents > MAX_CENTS ? MELDING.prijs : undefined;
    },
  ],
  // Empty is the server's default (30 days from today); a chosen date lies within a year from today.
  geldig: [
    (v) => {
      const d = str(v);
      if (d === '') return undefined;
      const vandaag = vandaagNL();
      return !/^\d{4}-\d{2}-\d{2}$/.test(d) || d < vandaag || d > verschuif(vandaag, 0, 1) ? MELDING.geldig : undefined;
    },
  ],
};
