/**
 * The customer's status page API (D24): the token in the address is the only key. Types come
 * from the generated OpenAPI document.
 */
import { call as callApi } from '../../api/call';
import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

export type Status = ResponseBody<'/api/v1/status/{token}'>;

/** The quote as the customer sees it (D26): the latest sent version, or null. */
export type Offerte = NonNullable<Status['offerte']>;

/** The customer's answer on the version they read (D26); the server documents besluit as a string. */
export type OfferteBesluit = Omit<RequestBody<'/api/v1/status/{token}/offerte', 'post'>, 'besluit'> & {
  besluit: 'akkoord' | 'niet_akkoord';
};

export type StatusResult =
  | { kind: 'ok'; status: Status }
  | { kind: 'not-found' }
  /** Any other refusal: the HTTP status, the error code, the server's Dutch message and field messages. */
  | { kind: 'failed'; status: number; code?: string; message?: string; fields: Record<string, string> }
  | { kind: 'network' };

/** The portal's one fetch wrapper (api/call), with a 404 as the page's own answer: an unknown link (D21). */
async function call(path: string, init: RequestInit = {}): Promise<StatusResult> {
  const r = await callApi<Status>(path, init);
  if (r.kind === 'ok') return { kind: 'ok', status: r.body };
  if (r.kind === 'failed' && r.status === 404) return { kind: 'not-found' };
  return r;
}

const base = (token: string) => `/api/v1/status/${encodeURIComponent(token)}`;

export const statusApi = {
  get: (token: string) => call(base(token)),
  cancel: (token: string) => call(`${base(token)}/annuleren`, { method: 'POST' }),
  /** 'Akkoord' or 'Niet akkoord' on the quote; answers the whole new status, like get. */
  decide: (token: string, besluit: OfferteBesluit) => call(`${base(token)}/offerte`, { method: 'POST', body: JSON.stringify(besluit) }),
};

/** The invoice of a finished job as the customer sees it (D30), or null before there is one. */
export type Factuur = NonNullable<Status['factuur']>;

/** How the invoice stands; the server documents staat as a string. */
export type FactuurStaat = 'open' | 'deels_betaald' | 'betaald' | 'gecrediteerd' | 'in_bespreking' | 'uit_handen';
