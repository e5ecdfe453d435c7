/**
 * The portal's one fetch wrapper for its JSON API: every call goes through the shared apiFetch
 * (cookie session, CSRF header on writes) and never throws. It answers a Result that a screen
 * turns into its Dutch state: the body, a refusal with the server's status, code and message, or
 * no answer at all (no network, server unreachable).
 */
import { apiError, apiFetch, readJson, record } from '@klusmaat/shared-ui/auth/api';
import { fieldErrors } from './public';

/** What became of a call. */
export type Result<T> =
  | { kind: 'ok'; body: T }
  /** Any answer that is not a success: the status, the error code and the server's Dutch message. */
  | { kind: 'failed'; status: number; code?: string; message?: string; fields: Record<string, string> }
  /** No answer at all (offline, server down). */
  | { kind: 'network' };

/** Calls path and reads its JSON answer; a 2xx without a JSON object counts as a 500. */
export async function call<T>(path: string, init: RequestInit = {}): Promise<Result<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    return { kind: 'network' };
  }
  const body = await readJson(response);
  if (response.ok && record(body) !== undefined) return { kind: 'ok', body: body as T };
  const { code, message } = apiError(body);
  return {
    kind: 'failed',
    // A 200 without a JSON object is as useless as a 500.
    status: response.ok ? 500 : response.status,
    ...(code === undefined ? {} : { code }),
    ...(message === undefined ? {} : { message }),
    fields: fieldErrors(body),
  };
}
