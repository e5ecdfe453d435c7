import { apiError, apiFetch, readJson, record } from '@shared-auth/api';
import { ActionError } from '../api/action';

/**
 * POSTs a multipart form (an upload) to the API. callApi sends JSON only; this goes through the
 * same apiFetch (session cookie and the X-Klusmaat-CSRF header; the browser sets the multipart
 * type with its boundary). Returns the answer's JSON object, or throws an ActionError with the
 * server's Dutch message and field errors (fallback: `failure`).
 */
export async function uploadForm(path: string, form: FormData, failure: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await apiFetch(path, { method: 'POST', body: form });
  } catch {
    throw new ActionError(failure, 0);
  }
  const body = await readJson(response);
  if (!response.ok) {
    const { code, message } = apiError(body);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(record(record(record(body)?.['error'])?.['fields']) ?? {})) if (typeof v === 'string') fields[k] = v;
    throw new ActionError(message ?? failure, response.status, code, fields);
  }
  return record(body) ?? {};
}
