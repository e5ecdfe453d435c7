/**
 * The public API of the site (no sign-in needed): categories, towns, the klusser showcase, and
 * the two public forms. Uses the shared apiFetch, so every POST carries the CSRF header and JSON.
 */
import { apiError, apiFetch, defaultFetch, readJson, record, type FetchLike } from '@klusmaat/shared-ui/auth/api';
import type { ApiPath, ItemsPath, ListItem, RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

/** A kind of job on the request form (GET /api/v1/public/categorieen). */
export type Category = ListItem<'/api/v1/public/categorieen'>;

/**
 * A town of an active region (GET /api/v1/public/woonplaatsen): `woonplaats` is the lower-case
 * key, `naam` the display name, which is what the forms send as woonplaats.
 */
export type Town = ListItem<'/api/v1/public/woonplaatsen'>;

/** One card of the showcase (D5: showcase fields only). */
export type KlusserProfile = ListItem<'/api/v1/public/klussers'>;

/** The server documents these as strings with their allowed values; the form knows the values. */
export type ContactVoorkeur = 'bellen' | 'whatsapp';
export type Tijdvak = 'ochtend' | 'middag' | 'avond';

/**
 * The body of POST /api/v1/public/aanvragen as the wizard sends it: every field, always (the
 * server lets some be left out), with the time slot and contact choice narrowed to their values.
 */
export type AanvraagPayload = Required<Omit<RequestBody<'/api/v1/public/aanvragen', 'post'>, 'tijd' | 'contact_voorkeur'>> & {
  tijd: Tijdvak | '';
  contact_voorkeur: ContactVoorkeur;
};

/**
 * The body of POST /api/v1/public/aanmeldingen as the form sends it: every field, always. The
 * server takes leeftijd as any JSON value (a number, or the text as typed; json.RawMessage, which
 * the document shows as a string), and the form sends a number or ''.
 */
export type AanmeldingPayload = Required<Omit<RequestBody<'/api/v1/public/aanmeldingen', 'post'>, 'leeftijd'>> & {
  leeftijd: number | '';
};

/** What became of a form submission. */
export type SubmitResult<T> =
  | { kind: 'ok'; body: T }
  /** 400 with field messages (Dutch, one per field). */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** 429: the server's message says when to try again. */
  | { kind: 'rate_limited'; message?: string }
  /** Any other status, or no answer at all. */
  | { kind: 'error' };

/** The field messages of a 400 answer: {"error": {"fields": {field: message}}}. */
export function fieldErrors(body: unknown): Record<string, string> {
  const fields = record(record(record(body)?.['error'])?.['fields']);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

/** POSTs JSON and classifies the answer. Never throws. */
export async function postJson<T>(
  path: string,
  payload: unknown,
  parse: (body: unknown) => T | null,
  fetchFn: FetchLike = defaultFetch,
): Promise<SubmitResult<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, { method: 'POST', body: JSON.stringify(payload) }, fetchFn);
  } catch {
    return { kind: 'error' };
  }
  const body = await readJson(response);
  if (response.ok) {
    const parsed = parse(body);
    return parsed === null ? { kind: 'error' } : { kind: 'ok', body: parsed };
  }
  if (response.status === 400) {
    const fields = fieldErrors(body);
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  }
  if (response.status === 429) {
    const { message } = apiError(body);
    return message === undefined ? { kind: 'rate_limited' } : { kind: 'rate_limited', message };
  }
  return { kind: 'error' };
}

/**
 * GETs one page of a list, {"data": [...], "total": N} (D25); throws on any failure (the caller
 * shows an error). Only paths documented to answer so are accepted, and each item is checked by
 * `parseItem`.
 */
export async function getItems<P extends ItemsPath>(
  path: P,
  parseItem: (item: unknown) => ListItem<P> | null,
  fetchFn: FetchLike = defaultFetch,
  signal?: AbortSignal,
): Promise<ListItem<P>[]> {
  const response = await apiFetch(path, signal === undefined ? {} : { signal }, fetchFn);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const items = record(await readJson(response))?.['data'];
  if (!Array.isArray(items)) throw new Error(`${path}: no data`);
  return items.map(parseItem).filter((item): item is ListItem<P> => item !== null);
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function parseCategory(value: unknown): Category | null {
  const r = record(value);
  const key = str(r?.['key']);
  const label = str(r?.['label']);
  return key && label ? { key, label } : null;
}

export function parseTown(value: unknown): Town | null {
  const r = record(value);
  const naam = str(r?.['naam']);
  if (!naam) return null;
  return { naam, woonplaats: str(r?.['woonplaats']) ?? naam.toLowerCase(), regio: str(r?.['regio']) ?? '' };
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function parseKlusser(value: unknown): KlusserProfile | null {
  const r = record(value);
  const id = str(r?.['id']);
  const naam = str(r?.['naam']);
  if (r === undefined || !id || !naam) return null;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);
  return {
    id,
    naam,
    woonplaats: str(r['woonplaats']) ?? '',
    specialisaties: strings(r['specialisaties']),
    gemiddelde_beoordeling: finiteOrNull(r['gemiddelde_beoordeling']),
    totaal_uren: finiteOrNull(r['totaal_uren']) ?? 0,
    gepensioneerd_sinds: finiteOrNull(r['gepensioneerd_sinds']),
    intro_tekst: str(r['intro_tekst']) ?? '',
    profiel_foto_url: str(r['profiel_foto_url']) || null,
    carousel_fotos: strings(r['carousel_fotos']),
  };
}

export const PUBLIC_API = {
  categories: '/api/v1/public/categorieen',
  towns: '/api/v1/public/woonplaatsen',
  klussers: '/api/v1/public/klussers',
  aanvragen: '/api/v1/public/aanvragen',
  aanmeldingen: '/api/v1/public/aanmeldingen',
} as const satisfies Record<string, ApiPath>;

export const fetchCategories = (fetchFn?: FetchLike, signal?: AbortSignal) =>
  getItems(PUBLIC_API.categories, parseCategory, fetchFn, signal);
export const fetchTowns = (fetchFn?: FetchLike, signal?: AbortSignal) =>
  getItems(PUBLIC_API.towns, parseTown, fetchFn, signal);
export const fetchKlussers = (fetchFn?: FetchLike, signal?: AbortSignal) =>
  getItems(PUBLIC_API.klussers, parseKlusser, fetchFn, signal);

/** What the wizard reads of the answer: whether the server sent the confirmation e-mail. */
export type AanvraagCreated = Pick<ResponseBody<'/api/v1/public/aanvragen', 'post'>, 'email_verstuurd'>;

export function submitAanvraag(payload: AanvraagPayload, fetchFn?: FetchLike): Promise<SubmitResult<AanvraagCreated>> {
  return postJson(PUBLIC_API.aanvragen, payload, (body) => ({ email_verstuurd: record(body)?.['email_verstuurd'] === true }), fetchFn);
}

/** The answer's body is not needed: a 2xx means the application is stored. */
export function submitAanmelding(payload: AanmeldingPayload, fetchFn?: FetchLike): Promise<SubmitResult<true>> {
  return postJson(PUBLIC_API.aanmeldingen, payload, () => true, fetchFn);
}
