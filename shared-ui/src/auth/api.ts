/**
 * Client for the project's own API under /api/v1: same origin, the Kratos session cookie
 * (D13: no tokens in local storage), and the CSRF header on every request that is not a GET.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import type { ResponseBody } from '../api/types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The browser's fetch, looked up at call time so that tests can replace it. */
export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** Every request to /api/ that is not a GET carries this header with the value "1". */
export const CSRF_HEADER = 'X-Klusmaat-CSRF';

/** Roles that the console and the portals know about. "authenticated" means: no role. */
export type Role = 'admin' | 'franchise' | 'klusser';

/**
 * The answer of GET /api/v1/me (role: the server's primary role, or "authenticated" when the
 * account has none), with the assurance level narrowed to its two values.
 */
export type Me = Omit<ResponseBody<'/api/v1/me'>, 'aal'> & { aal: 'aal1' | 'aal2' };

export type MeResult =
  | { kind: 'ok'; me: Me }
  /** 401: there is no session. */
  | { kind: 'unauthenticated' }
  /** 403 mfa_required: the account has TOTP and the session lacks the second factor. */
  | { kind: 'mfa_required' }
  /** Any other 403. */
  | { kind: 'forbidden'; message?: string }
  /** Any other status, or a 200 whose body is not a user. */
  | { kind: 'error'; status: number; message?: string }
  /** The request did not reach the server. */
  | { kind: 'network' };

/** fetch for /api/: JSON, same-origin credentials and the CSRF header on non-GET requests. */
export function apiFetch(path: string, init: RequestInit = {}, fetchFn: FetchLike = defaultFetch): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // A form (an upload) sets its own multipart type with the boundary; everything else is JSON.
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (init.body !== undefined && init.body !== null && !isForm && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  if (method !== 'GET') headers.set(CSRF_HEADER, '1');
  return fetchFn(path, { ...init, method, headers, credentials: 'same-origin' });
}

/** Reads a JSON body; an empty or invalid body gives undefined. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** value as a JSON object, or undefined when it is not one (null and arrays are not). */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The {"error": {"code", "message"}} of one of our API's error answers. */
export function apiError(body: unknown): { code?: string; message?: string } {
  const error = record(record(body)?.['error']);
  const code = error?.['code'];
  const message = error?.['message'];
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' && message !== '' ? { message } : {}),
  };
}

/** The strings of a JSON array; anything else gives []. */
export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Checks the shape of a /api/v1/me answer; null when it is not a user. */
export function parseMe(body: unknown): Me | null {
  const b = record(body);
  if (b === undefined) return null;
  const { id, email, naam, role, aal, mfa_enrolled } = b;
  if (typeof id !== 'string' || id === '' || typeof email !== 'string') return null;
  return {
    id,
    email,
    naam: typeof naam === 'string' ? naam : '',
    role: typeof role === 'string' ? role : 'authenticated',
    roles: strings(b['roles']),
    regions: strings(b['regions']),
    aal: aal === 'aal2' ? 'aal2' : 'aal1',
    mfa_enrolled: mfa_enrolled === true,
  };
}

export const ME_PATH = '/api/v1/me';

/** GET /api/v1/me, classified. Never throws. */
export async function fetchMe(fetchFn: FetchLike = defaultFetch, signal?: AbortSignal): Promise<MeResult> {
  let response: Response;
  try {
    response = await apiFetch(ME_PATH, signal === undefined ? {} : { signal }, fetchFn);
  } catch {
    return { kind: 'network' };
  }
  const body = await readJson(response);
  const { code, message } = apiError(body);
  if (response.status === 200) {
    const me = parseMe(body);
    return me === null ? { kind: 'error', status: 200 } : { kind: 'ok', me };
  }
  if (response.status === 401) return { kind: 'unauthenticated' };
  if (response.status === 403 && code === 'mfa_required') return { kind: 'mfa_required' };
  if (response.status === 403) return message === undefined ? { kind: 'forbidden' } : { kind: 'forbidden', message };
  return message === undefined
    ? { kind: 'error', status: response.status }
    : { kind: 'error', status: response.status, message };
}
