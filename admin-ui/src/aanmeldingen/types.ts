import type { ResponseBody } from '@klusmaat/shared-ui/api/types';

/** One application with its documents and communication (GET /api/v1/aanmeldingen/{id}). */
export type AanmeldingDetail = ResponseBody<'/api/v1/aanmeldingen/{id}'>['data'];
export type AanmeldingDocument = AanmeldingDetail['documenten'][number];
export type Communicatie = AanmeldingDetail['communicatie'][number];

export const aanmeldingApi = (id: string) => `/api/v1/aanmeldingen/${encodeURIComponent(id)}`;

/** The first field error of a refusal among `names` (the server's words), else undefined. */
export function fieldError(fields: Record<string, string>, ...names: string[]): string | undefined {
  for (const n of names) if (fields[n]) return fields[n];
  return undefined;
}
