/**
 * The rules of the application form of /word-klusser (spec sections 2, 5, 8 and 9).
 * The server repeats every check.
 */
import type { AanmeldingPayload } from '../../api/public';

export const MIN_AGE = 65;
/** After a successful application the visitor goes home after this long (section 9). */
export const REDIRECT_MS = 2000;
export const BESCHIKBAARHEID_DAGEN = ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag'] as const;

/** Texts to the letter (sections 5 and 8). */
export const MSG = {
  verplicht: 'Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid',
  success: 'Uw aanmelding is ontvangen! We beoordelen uw aanmelding en nemen binnen 2 werkdagen contact op.',
  failed: 'Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.',
  tooYoung: 'Klussers zijn 65 jaar of ouder.',
} as const;

/** The form's state: the age as typed. */
export type AanmeldingForm = Omit<AanmeldingPayload, 'leeftijd'> & { leeftijd: string };

export type FormField = Exclude<keyof AanmeldingForm, 'website'>;

/** Field order on the page (focus goes to the first invalid one). */
export const FIELD_ORDER: readonly FormField[] = [
  'naam',
  'leeftijd',
  'adres',
  'postcode',
  'woonplaats',
  'telefoon',
  'email',
  'motivatie',
  'ervaring',
  'beschikbaarheid',
  'heeft_vog',
  'heeft_vervoer',
];

/**
 * The required fields: naam, telefoon, motivatie and at least one day (section 5); the age and
 * the town are marked required in the form too.
 */
export const REQUIRED: readonly FormField[] = ['naam', 'leeftijd', 'woonplaats', 'telefoon', 'motivatie', 'beschikbaarheid'];

export function emptyAanmelding(): AanmeldingForm {
  return {
    naam: '',
    leeftijd: '',
    adres: '',
    postcode: '',
    woonplaats: '',
    telefoon: '',
    email: '',
    motivatie: '',
    ervaring: '',
    beschikbaarheid: [],
    heeft_vog: false,
    heeft_vervoer: false,
    website: '',
  };
}

export interface FormProblem {
  message: string;
  fields: FormField[];
}

function missing(form: AanmeldingForm, field: FormField): boolean {
  const value = form[field];
  if (Array.isArray(value)) return !value.some((d) => (BESCHIKBAARHEID_DAGEN as readonly string[]).includes(d));
  return typeof value === 'string' && value.trim() === '';
}

/** The age as a whole number, or null when it is empty or not a whole number. */
export function parseAge(raw: string): number | null {
  const s = raw.trim();
  return /^\d{1,3}$/.test(s) ? Number(s) : null;
}

/** The form's check; null when it may be sent. */
export function checkAanmelding(form: AanmeldingForm): FormProblem | null {
  const fields = REQUIRED.filter((f) => missing(form, f));
  if (fields.length > 0) return { message: MSG.verplicht, fields: FIELD_ORDER.filter((f) => fields.includes(f)) };
  return null;
}

/**
 * The age rule: a whole number under 65 is refused with the field message under leeftijd (the
 * server answers with the same field message). Anything else passes: the server stores a missing
 * or invalid age as 65.
 */
export function ageError(form: AanmeldingForm): string | null {
  const age = parseAge(form.leeftijd);
  return age !== null && age < MIN_AGE ? MSG.tooYoung : null;
}

/** What is sent: trimmed texts, the age as a number, the days in week order. */
export function toAanmeldingPayload(form: AanmeldingForm): AanmeldingPayload {
  const t = (s: string) => s.trim();
  const age = parseAge(form.leeftijd);
  return {
    naam: t(form.naam),
    leeftijd: age ?? '',
    adres: t(form.adres),
    postcode: t(form.postcode),
    woonplaats: t(form.woonplaats),
    telefoon: t(form.telefoon),
    email: t(form.email),
    motivatie: t(form.motivatie),
    ervaring: t(form.ervaring),
    beschikbaarheid: BESCHIKBAARHEID_DAGEN.filter((d) => form.beschikbaarheid.includes(d)),
    heeft_vog: form.heeft_vog,
    heeft_vervoer: form.heeft_vervoer,
    website: form.website,
  };
}
