/**
 * The work order's API: open, timer start, materials, notes, photos, completion, and
 * the invoice with its payment. Types come from the generated OpenAPI document. Every write
 * carries the client_id the phone made for it (D23), so the offline queue may send it again.
 */
import { call } from '../../../api/call';
import type { RequestBody, ResponseBody } from '@klusmaat/shared-ui/api/types';

export type Werkbon = ResponseBody<'/api/v1/klusser/klussen/{id}/werkbon', 'post'>;
export type Materiaal = Werkbon['materialen'][number];
export type Foto = Werkbon['fotos'][number];
export type Ratings = NonNullable<Werkbon['beoordeling']>;
export type Afronding = ResponseBody<'/api/v1/klusser/werkbonnen/{id}/afronden', 'post'>;
export type AfrondenBody = RequestBody<'/api/v1/klusser/werkbonnen/{id}/afronden', 'post'>;
export type Factuur = ResponseBody<'/api/v1/klusser/facturen/{id}'>;
export type BetaalMethode = 'contant' | 'pin' | 'niet_betaald';

const W = '/api/v1/klusser/werkbonnen';
const enc = encodeURIComponent;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const werkbonApi = {
  open: (klusId: string) => call<Werkbon>(`/api/v1/klusser/klussen/${enc(klusId)}/werkbon`, { method: 'POST' }),
  start: (id: string, clientId: string, telefoonTijd?: string) =>
    call<Werkbon>(`${W}/${enc(id)}/start`, json('POST', { client_id: clientId, ...(telefoonTijd ? { telefoon_tijd: telefoonTijd } : {}) })),
  addMateriaal: (id: string, clientId: string, omschrijving: string, bedragCents: number) =>
    call<Werkbon>(`${W}/${enc(id)}/materialen`, json('POST', { client_id: clientId, omschrijving, bedrag_cents: bedragCents })),
  removeMateriaal: (id: string, itemId: string) => call<Werkbon>(`${W}/${enc(id)}/materialen/${enc(itemId)}`, { method: 'DELETE' }),
  notities: (id: string, clientId: string, opmerkingen: string) =>
    call<Werkbon>(`${W}/${enc(id)}/notities`, json('PUT', { client_id: clientId, opmerkingen })),
  afronden: (id: string, body: AfrondenBody) => call<Afronding>(`${W}/${enc(id)}/afronden`, json('POST', body)),
  /** A before or after photo (multipart), stored privately (D6). */
  foto: (id: string, clientId: string, type: 'before' | 'after', file: Blob) => {
    const form = new FormData();
    form.set('type', type);
    form.set('client_id', clientId);
    form.set('file', file, type === 'before' ? 'voor.jpg' : 'na.jpg');
    return call<Foto>(`/api/v1/werkbonnen/${enc(id)}/fotos`, { method: 'POST', body: form });
  },
  factuur: (id: string, signal?: AbortSignal) =>
    call<Factuur>(`/api/v1/klusser/facturen/${enc(id)}`, signal === undefined ? {} : { signal }),
  betaling: (id: string, clientId: string, methode: BetaalMethode, notitie: string) =>
    call<Factuur>(`/api/v1/klusser/facturen/${enc(id)}/betaling`,
      json('POST', { client_id: clientId, betaal_methode: methode, betaal_notitie: notitie })),
};
