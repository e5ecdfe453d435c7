import { apiError, apiFetch, defaultFetch, readJson, record, type FetchLike } from '@klusmaat/shared-ui/auth/api';

/**
 * One write (or read) of the back-office API outside the dataProvider: the actions of a record
 * (assign, place in the pool, archive ...) whose answers carry the Dutch message to show,
 * {"data": {...}, "message": "Klus gearchiveerd"}, and whose refusals carry a message and field
 * errors, {"error": {"code", "message", "fields": {"datum": "Vul een geldige datum in."}}}.
 */
export class ActionError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  constructor(message: string, status: number, code?: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ActionAnswer<T> {
  data: T;
  message: string;
  waarschuwing?: string;
  /** Any other top-level value of the answer (e.g. genotificeerd). */
  extra: Record<string, unknown>;
}

/** The field errors of a refusal, as strings. */
function fieldErrors(body: unknown): Record<string, string> {
  const fields = record(record(body)?.['error'])?.['fields'];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record(fields) ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The field errors of a refused write: an ActionError's, or those in the body of react-admin's
 * HttpError (create, update and delete of the data provider), {"error": {"fields": {...}}}.
 */
export function errorFields(e: unknown): Record<string, string> {
  if (e instanceof ActionError) return e.fields;
  if (e instanceof Error && 'body' in e) return fieldErrors((e as { body: unknown }).body);
  return {};
}

/**
 * Calls path with JSON (a body object is sent as JSON) and returns its answer, or throws an
 * ActionError with the server's Dutch message (fallback: `failure`, the spec's toast).
 */
export async function callApi<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal | undefined; fetchFn?: FetchLike } = {},
  failure = 'Er ging iets mis',
): Promise<ActionAnswer<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: init.method ?? 'GET',
      signal: init.signal,
      // A FormData body (an upload) goes as multipart; anything else as JSON.
      ...(init.body === undefined ? {} : { body: init.body instanceof FormData ? init.body : JSON.stringify(init.body) }),
    }, init.fetchFn ?? defaultFetch);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ActionError(`${failure}: geen verbinding met de server`, 0);
  }
  const body = await readJson(response);
  // Aborted while the body was read: readJson says "no body", which is not the answer. The caller
  // has moved on (its filter changed, its page closed) and must not get an empty success.
  init.signal?.throwIfAborted();
  if (!response.ok) {
    const { code, message } = apiError(body);
    throw new ActionError(message ?? `${failure} (${response.status})`, response.status, code, fieldErrors(body));
  }
  const { data, message, waarschuwing, ...extra } = record(body) ?? {};
  return {
    data: data as T,
    message: typeof message === 'string' ? message : '',
    ...(typeof waarschuwing === 'string' && waarschuwing !== '' ? { waarschuwing } : {}),
    extra,
  };
}

/**
 * What a toast says when an action failed (section 8): a refusal (4xx) in the server's own words,
 * which name the reason ('Bestand mag maximaal 5MB zijn'); any other failure (a server error, no
 * connection) as the action's message from section 8, with the reason after it.
 */
export function failureText(e: unknown, failure: string): string {
  if (e instanceof ActionError && e.status >= 400 && e.status < 500 && e.message !== '') return e.message;
  const reason = e instanceof Error ? e.message : '';
  if (reason === '') return failure;
  return reason.startsWith(failure) ? reason : `${failure}: ${reason}`;
}
