import { HttpError, type DataProvider, type DeleteParams, type Identifier, type RaRecord } from 'react-admin';
import { CSRF_HEADER } from '@shared-auth/api';

/**
 * A small fetch-based dataProvider for the Go API under /api/v1.
 *
 * Conventions (the API answers in react-admin's own result shapes):
 *   getList / getManyReference  GET    /api/v1/{resource}?page=1&perPage=25&sort=id&order=ASC&filter={json}
 *                                      -> {"data": [...], "total": 42}
 *   getMany                     GET    /api/v1/{resource}?filter={"id":[1,2]}          -> {"data": [...]}
 *   getOne                      GET    /api/v1/{resource}/{id}                         -> {"data": {...}}
 *   create                      POST   /api/v1/{resource}          body: the record    -> {"data": {...}}
 *   update                      PUT    /api/v1/{resource}/{id}     body: the record    -> {"data": {...}}
 *   delete                      DELETE /api/v1/{resource}/{id}                         -> {"data": {...}} or 204
 *   updateMany / deleteMany     one request per id
 * Errors: any non-2xx status; the message is taken from {"error": {"message": "..."}} or
 * {"message": "..."} in the body, so Dutch server messages reach the user unchanged.
 * Requests carry the session cookie (credentials: 'same-origin', D13); no tokens are stored.
 * Every request that is not a GET carries the header X-Klusmaat-CSRF: 1, which the API requires.
 */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function errorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'object' && b.error !== null) {
      const m = (b.error as { message?: unknown }).message;
      if (typeof m === 'string' && m !== '') return m;
    }
    if (typeof b.error === 'string' && b.error !== '') return b.error;
    if (typeof b.message === 'string' && b.message !== '') return b.message;
  }
  return fallback;
}

export function createDataProvider(apiUrl = '/api/v1', fetchFn: FetchLike = (i, init) => fetch(i, init)): DataProvider {
  const request = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    if ((init.method ?? 'GET').toUpperCase() !== 'GET') headers.set(CSRF_HEADER, '1');
    const response = await fetchFn(`${apiUrl}${path}`, { ...init, headers, credentials: 'same-origin' });
    const text = await response.text();
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) {
      throw new HttpError(errorMessage(body, response.statusText || `HTTP ${response.status}`), response.status, body);
    }
    return { status: response.status, body };
  };

  const data = <T,>(body: unknown): T => (body as { data: T }).data;
  const total = (body: unknown): number => {
    const t = (body as { total?: unknown }).total;
    return typeof t === 'number' ? t : 0;
  };
  const resourcePath = (resource: string, id?: Identifier) =>
    id === undefined ? `/${encodeURIComponent(resource)}` : `/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}`;
  const listQuery = (params: {
    pagination?: { page: number; perPage: number };
    sort?: { field: string; order: string };
    filter?: unknown;
  }) => {
    const q = new URLSearchParams();
    if (params.pagination) {
      q.set('page', String(params.pagination.page));
      q.set('perPage', String(params.pagination.perPage));
    }
    if (params.sort) {
      q.set('sort', params.sort.field);
      q.set('order', params.sort.order);
    }
    if (params.filter !== undefined && Object.keys(params.filter as object).length > 0) {
      q.set('filter', JSON.stringify(params.filter));
    }
    const s = q.toString();
    return s === '' ? '' : `?${s}`;
  };

  const provider: DataProvider = {
    async getList(resource, params) {
      const { body } = await request(`${resourcePath(resource)}${listQuery(params)}`, { signal: params.signal });
      return { data: data(body), total: total(body) };
    },
    async getOne(resource, params) {
      const { body } = await request(resourcePath(resource, params.id), { signal: params.signal });
      return { data: data(body) };
    },
    async getMany(resource, params) {
      const { body } = await request(`${resourcePath(resource)}${listQuery({ filter: { id: params.ids } })}`, {
        signal: params.signal,
      });
      return { data: data(body) };
    },
    async getManyReference(resource, params) {
      const filter = { ...params.filter, [params.target]: params.id };
      const { body } = await request(`${resourcePath(resource)}${listQuery({ ...params, filter })}`, {
        signal: params.signal,
      });
      return { data: data(body), total: total(body) };
    },
    async create(resource, params) {
      const { body } = await request(resourcePath(resource), { method: 'POST', body: JSON.stringify(params.data) });
      return { data: data(body) };
    },
    async update(resource, params) {
      const { body } = await request(resourcePath(resource, params.id), {
        method: 'PUT',
        body: JSON.stringify(params.data),
      });
      return { data: data(body) };
    },
    async updateMany(resource, params) {
      const results = await Promise.all(
        params.ids.map((id) =>
          request(resourcePath(resource, id), { method: 'PUT', body: JSON.stringify(params.data) }),
        ),
      );
      return { data: results.map(({ body }) => data<RaRecord>(body).id) };
    },
    async delete<RecordType extends RaRecord = RaRecord>(resource: string, params: DeleteParams<RecordType>) {
      const { status, body } = await request(resourcePath(resource, params.id), { method: 'DELETE' });
      // A 204 has no body: report the record as it was before deletion.
      const deleted = status === 204 || body === undefined ? params.previousData : data<RecordType>(body);
      return { data: deleted as RecordType };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => request(resourcePath(resource, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  };
  return provider;
}

export const dataProvider = createDataProvider();
