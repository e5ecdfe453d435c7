/**
 * The customer's status page API (D24): the token in the address is the only key. Types come
 * from the generated OpenAPI document.
 */
import { apiError, apiFetch, readJson, record } from '../../auth/api';
import type { ResponseBody } from '../../api/types';

export type Status = ResponseBody<'/api/v1/status/{token}'>;

export type StatusResult =
  | { kind: 'ok'; status: Status }
  | { kind: 'not-found' }
  | { kind: 'failed'; message?: string }
  | { kind: 'network' };

async function call(path: string, init: RequestInit = {}): Promise<StatusResult> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    return { kind: 'network' };
  }
  const body = await readJson(response);
  if (response.ok && record(body) !== undefined) return { kind: 'ok', status: body as Status };
  if (response.status === 404) return { kind: 'not-found' };
  const { message } = apiError(body);
  return message === undefined ? { kind: 'failed' } : { kind: 'failed', message };
}

const base = (token: string) => `/api/v1/status/${encodeURIComponent(token)}`;

export const statusApi = {
  get: (token: string) => call(base(token)),
  cancel: (token: string) => call(`${base(token)}/annuleren`, { method: 'POST' }),
};
