import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

/**
 * The details of a business that issues invoices (D28), as the console's Facturering section
 * edits them: the checks of the server (services/factuur/uitgever.go and platform/validate) with
 * the same Dutch messages, so a person sees them before saving, and the body the server takes,
 * normalised the way the server normalises it. The server checks everything again.
 */

export type UitgeverRow = ResponseBody<'/api/v1/factuur-uitgevers'>['data'][number];
export type UitgeverBody = RequestBody<'/api/v1/factuur-uitgevers/{id}', 'put'>;

/** The id of the central business; a region's business has the region's slug. */
export const CENTRAAL = 'centraal';

/** The form's values: what the person typed, as typed. */
export type UitgeverForm = UitgeverBody;

export const VELDEN = ['naam', 'adres', 'postcode', 'plaats', 'kvk_nummer', 'btw_nummer', 'iban', 'nummer_prefix'] as const;
export type Veld = (typeof VELDEN)[number];

export const LEEG: UitgeverForm = {
  naam: '',
  adres: '',
  postcode: '',
  plaats: '',
  kvk_nummer: '',
  btw_nummer: '',
  iban: '',
  nummer_prefix: '',
};

export function toForm(row: UitgeverRow | undefined): UitgeverForm {
  if (row === undefined) return { ...LEEG };
  return Object.fromEntries(VELDEN.map((v) => [v, row[v]])) as UitgeverForm;
}

/** Trims and collapses the whitespace inside (names, addresses), as validate.Text. */
export function text(s: string | undefined): string {
  return (s ?? '').trim().split(/\s+/).filter(Boolean).join(' ');
}

/** Spaces, dots and dashes out, letters upper-case (KvK, VAT number, IBAN), as validate.compact. */
export function compact(s: string | undefined): string {
  return (s ?? '').trim().replace(/[ .-]/g, '').toUpperCase();
}

const POSTCODE = /^([1-9][0-9]{3}) ?([A-Za-z]{2})$/;

/** "2271ab" → "2271 AB"; null when it is no Dutch postcode (SA, SD and SS are not used). */
export function postcode(s: string | undefined): string | null {
  const m = POSTCODE.exec((s ?? '').trim());
  if (m === null) return null;
  const letters = (m[2] ?? '').toUpperCase();
  if (letters === 'SA' || letters === 'SD' || letters === 'SS') return null;
  return `${m[1]} ${letters}`;
}

/** ISO 13616: the country and check digits moved to the end, letters as numbers, mod 97 = 1. */
export function ibanKlopt(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

const lengte = (s: string) => [...s].length;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const MELDING = {
  naam: 'Vul de naam van het bedrijf in.',
  naamLang: 'De naam is te lang (hoogstens 200 tekens).',
  adres: 'Vul het adres in (straat en huisnummer).',
  adresLang: 'Het adres is te lang (hoogstens 200 tekens).',
  postcode: 'Vul de postcode in.',
  postcodeFout: 'Vul een geldige postcode in, bijvoorbeeld 2271 AB.',
  plaats: 'Vul de plaats in.',
  plaatsLang: 'De plaats is te lang (hoogstens 100 tekens).',
  kvk: 'Vul een KvK-nummer van 8 cijfers in.',
  btw: 'Vul een btw-nummer in zoals NL123456789B01.',
  iban: 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.',
  prefix: 'Kies een voorvoegsel van 1 tot 4 hoofdletters, bijvoorbeeld DH.',
  prefixCentraal: 'Het centrale bedrijf nummert zonder voorvoegsel.',
  samenvatting: 'Controleer de gemarkeerde velden.',
} as const;

/** The message for a field's value, or undefined when it is right. */
export function check(id: string, veld: Veld, value: unknown): string | undefined {
  const v = str(value);
  switch (veld) {
    case 'naam':
      return text(v) === '' ? MELDING.naam : lengte(text(v)) > 200 ? MELDING.naamLang : undefined;
    case 'adres':
      return text(v) === '' ? MELDING.adres : lengte(text(v)) > 200 ? MELDING.adresLang : undefined;
    case 'postcode':
      return v.trim() === '' ? MELDING.postcode : postcode(v) === null ? MELDING.postcodeFout : undefined;
    case 'plaats':
      return text(v) === '' ? MELDING.plaats : lengte(text(v)) > 100 ? MELDING.plaatsLang : undefined;
    case 'kvk_nummer':
      return /^[0-9]{8}$/.test(compact(v)) ? undefined : MELDING.kvk;
    case 'btw_nummer':
      return /^NL[0-9]{9}B[0-9]{2}$/.test(compact(v)) ? undefined : MELDING.btw;
    case 'iban':
      return ibanKlopt(compact(v)) ? undefined : MELDING.iban;
    case 'nummer_prefix': {
      const p = v.trim().toUpperCase();
      if (id === CENTRAAL) return p === '' ? undefined : MELDING.prefixCentraal;
      return /^[A-Z]{1,4}$/.test(p) ? undefined : MELDING.prefix;
    }
  }
}

/** The messages of the wrong fields among velden, by field (the server's field names). */
export function fouten(id: string, values: Record<string, unknown>, velden: readonly Veld[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const veld of velden) {
    const m = check(id, veld, values[veld]);
    if (m !== undefined) out[veld] = m;
  }
  return out;
}

/** The body of PUT /api/v1/factuur-uitgevers/{id}, normalised as the server stores it. */
export function toBody(id: string, values: Record<string, unknown>): UitgeverBody {
  const v = Object.fromEntries(VELDEN.map((k) => [k, str(values[k])])) as UitgeverForm;
  return {
    naam: text(v.naam),
    adres: text(v.adres),
    postcode: postcode(v.postcode) ?? v.postcode.trim(),
    plaats: text(v.plaats),
    kvk_nummer: compact(v.kvk_nummer),
    btw_nummer: compact(v.btw_nummer),
    iban: compact(v.iban),
    nummer_prefix: id === CENTRAAL ? '' : v.nummer_prefix.trim().toUpperCase(),
  };
}

/** An IBAN in groups of four, as people read it: NL91 ABNA 0417 1643 00. */
export function ibanLeesbaar(iban: string): string {
  return compact(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
