import { apiError, apiFetch, defaultFetch, readJson, record, type FetchLike } from '@klusmaat/shared-ui/auth/api';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { ActionError, type ActionAnswer } from '../api/action';

/** One import of a bank statement, as the list of imports shows it. */
export type Afschrift = ResponseBody<'/api/v1/bankafschriften'>['data'][number];

/** The toast's words when an import fails without a reason from the server (section 8). */
export const IMPORT_FOUT = 'Fout bij inlezen bankafschrift';

/**
 * POST /api/v1/bankafschriften?uitgever=…&bestandsnaam=…: the CAMT.053 file itself as the body
 * (application/xml), which the console's actions cannot send (they send JSON or a multipart form),
 * through the same client: the session cookie and the CSRF header. Answers the import and the
 * server's message ('Bankafschrift ingelezen: 1 geboekt, …'); a refusal (400, 413, 415) throws an
 * ActionError with the server's Dutch message and its field messages (bestand, uitgever).
 */
export async function importeerAfschrift(
  uitgever: string,
  bestand: File,
  fetchFn: FetchLike = defaultFetch,
): Promise<ActionAnswer<Afschrift>> {
  const query = new URLSearchParams({ uitgever, bestandsnaam: bestand.name });
  let response: Response;
  try {
    response = await apiFetch(`/api/v1/bankafschriften?${query.toString()}`, { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: bestand }, fetchFn);
  } catch {
    throw new ActionError(`${IMPORT_FOUT}: geen verbinding met de server`, 0);
  }
  const body = await readJson(response);
  if (!response.ok) {
    const { code, message } = apiError(body);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(record(record(record(body)?.['error'])?.['fields']) ?? {})) if (typeof v === 'string') fields[k] = v;
    throw new ActionError(message ?? `${IMPORT_FOUT} (${response.status})`, response.status, code, fields);
  }
  const { data, message, ...extra } = record(body) ?? {};
  return { data: data as Afschrift, message: typeof message === 'string' ? message : '', extra };
}
