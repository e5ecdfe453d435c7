/**
 * The rules of the request wizard (spec sections 2, 5, 8 and 9), free of React so that they can
 * be tested one by one. The server repeats every check.
 */
import type { AanvraagPayload, ContactVoorkeur, Tijdvak } from '../../api/public';
import { SERVICE_CATEGORIES } from '../../content/site';
import { isSelectable, parseIsoDate } from './days';

export const STEP_COUNT = 4;
export type Step = 1 | 2 | 3 | 4;
export const STEPS: readonly Step[] = [1, 2, 3, 4];

export const MAX_BESCHRIJVING = 200;
/** The success dialog closes itself after this long and the visitor goes home (section 9). */
export const SUCCESS_CLOSE_MS = 5000;

/** Texts to the letter (sections 2, 5 and 8). */
export const MSG = {
  categorie: 'Kies een categorie',
  beschrijving: 'Beschrijf uw klus',
  datumTijd: 'Kies een datum en tijd',
  verplicht: 'Vul alle verplichte velden in',
  failed: 'Er ging iets mis. Probeer het opnieuw.',
  received: 'Uw aanvraag is ontvangen!',
  emailConfirmation: 'U ontvangt een bevestiging per e-mail.',
  send: 'Verzenden',
  sending: 'Verzenden...',
} as const;

export const STEP_NAMES: Readonly<Record<Step, string>> = {
  1: 'Soort klus',
  2: 'Omschrijving',
  3: 'Datum en tijd',
  4: 'Uw gegevens',
};

export const TIME_SLOTS: readonly { value: Tijdvak; label: string; hours: string }[] = [
  { value: 'ochtend', label: 'ochtend', hours: '8:00-12:00' },
  { value: 'middag', label: 'middag', hours: '12:00-17:00' },
  { value: 'avond', label: 'avond', hours: '17:00-20:00' },
];

export type Field = keyof AanvraagPayload;

/** The fields of each step, in the order they appear (focus goes to the first invalid one). */
export const STEP_FIELDS: Readonly<Record<Step, readonly Field[]>> = {
  1: ['categorie'],
  2: ['beschrijving'],
  3: ['datum', 'tijd'],
  4: ['naam', 'telefoon', 'email', 'adres', 'postcode', 'woonplaats', 'contact_voorkeur'],
};

export const REQUIRED_CONTACT: readonly Field[] = ['naam', 'telefoon', 'adres', 'postcode', 'woonplaats'];

export function emptyAanvraag(categorie = ''): AanvraagPayload {
  return {
    categorie,
    beschrijving: '',
    datum: '',
    tijd: '',
    naam: '',
    telefoon: '',
    email: '',
    adres: '',
    postcode: '',
    woonplaats: '',
    contact_voorkeur: 'bellen' satisfies ContactVoorkeur,
    website: '',
  };
}

export interface StepProblem {
  message: string;
  /** The fields to mark invalid, in display order. */
  fields: Field[];
}

const blank = (s: string) => s.trim() === '';

/** The check of one step; null when the step passes. */
export function checkStep(step: Step, data: AanvraagPayload, today: Date): StepProblem | null {
  switch (step) {
    case 1:
      return blank(data.categorie) ? { message: MSG.categorie, fields: ['categorie'] } : null;
    case 2:
      return blank(data.beschrijving) || [...data.beschrijving].length > MAX_BESCHRIJVING
        ? { message: MSG.beschrijving, fields: ['beschrijving'] }
        : null;
    case 3: {
      const date = parseIsoDate(data.datum);
      const fields: Field[] = [];
      if (date === null || !isSelectable(date, today)) fields.push('datum');
      if (data.tijd === '') fields.push('tijd');
      return fields.length > 0 ? { message: MSG.datumTijd, fields } : null;
    }
    case 4: {
      const fields = REQUIRED_CONTACT.filter((f) => blank(data[f]));
      return fields.length > 0 ? { message: MSG.verplicht, fields } : null;
    }
  }
}

/** The first step that does not pass, or null when all do. */
export function firstFailingStep(data: AanvraagPayload, today: Date): Step | null {
  for (const step of [1, 2, 3, 4] as const) if (checkStep(step, data, today) !== null) return step;
  return null;
}

/** The step a field belongs to (for the server's field errors). */
export function stepOf(field: string): Step {
  for (const step of [1, 2, 3, 4] as const) if ((STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  return 4;
}

/** 'n/200 tekens' */
export function counterText(text: string): string {
  return `${text.length}/${MAX_BESCHRIJVING} tekens`;
}

/**
 * The category preselected by ?categorie=..., or '' when it is missing or not one of `keys`
 * (the categories loaded from the API; the five built-in ones until they are loaded, or when
 * loading them failed).
 */
export function preselectedCategory(
  search: string | URLSearchParams,
  keys: readonly string[] = SERVICE_CATEGORIES.map((c) => c.key),
): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get('categorie');
  return value !== null && keys.includes(value) ? value : '';
}

/** What is sent: trimmed texts, the honeypot as typed. */
export function toPayload(data: AanvraagPayload): AanvraagPayload {
  const t = (s: string) => s.trim();
  return {
    ...data,
    beschrijving: t(data.beschrijving),
    naam: t(data.naam),
    telefoon: t(data.telefoon),
    email: t(data.email),
    adres: t(data.adres),
    postcode: t(data.postcode),
    woonplaats: t(data.woonplaats),
  };
}
