import { HttpError, type DataProvider, type DeleteParams, type Identifier, type RaRecord } from 'react-admin';
import { apiError, apiFetch, defaultFetch, readJson, record, type FetchLike } from '@shared-auth/api';

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
 * Requests go through @shared-auth/api's apiFetch: the session cookie (credentials: 'same-origin',
 * D13, no tokens stored) and the header X-Klusmaat-CSRF: 1 on every request that is not a GET.
 */

/** The server's message: {"error": {"message"}} (our API), else a top-level {"message"}. */
function errorMessage(body: unknown, fallback: string): string {
  const message = apiError(body).message ?? record(body)?.['message'];
  return typeof message === 'string' && message !== '' ? message : fallback;
}

export function createDataProvider(apiUrl = '/api/v1', fetchFn: FetchLike = defaultFetch): DataProvider {
  const request = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const response = await apiFetch(`${apiUrl}${path}`, init, fetchFn);
    const body = await readJson(response);
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
