import {
  HttpError,
  type DataProvider,
  type DeleteParams,
  type GetListResult,
  type GetManyParams,
  type Identifier,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { apiError, apiFetch, defaultFetch, readJson, record, type FetchLike } from '@klusmaat/shared-ui/auth/api';
import { ActionError, callApi, type ActionAnswer } from './api/action';
import { failureOf, type ActionDef, type AnswerOf, type ParamsOf } from './api/defineAction';
import { ACTIONS, type ActionName, type Actions } from './api/registry';

/**
 * The console's dataProvider for the Go API under /api/v1. Lists are paged, sorted and filtered
 * by the server (D25); the console never loads a whole table.
 *
 * Lists: getList, getManyReference and getMany all ask
 *   GET /api/v1/{collection}?page=2&per_page=25&sort=datum&order=desc&status=open&status=bezig&q=lamp
 *     page      the page, counted from 1
 *     per_page  rows per page
 *     sort      the field to sort on; the server keeps an allow-list per list (another field: 400)
 *     order     asc or desc
 *     any other parameter is a filter, named after its field: status=open. A filter with several
 *     values repeats the parameter (status=open&status=bezig: either). q is the free-text search.
 *     Empty filters ('', null, an empty list) are left out; a nested object is refused here.
 *   and read
 *     -> 200 {"data": [{"id": ..., ...}, ...], "total": 42}
 *   where total counts every row that matches the filters, over all pages. An answer without
 *   data or total is an error, not an empty list.
 *   getMany:          the same list with id=a&id=b, page=1 and per_page the number of ids.
 *   getManyReference: the same list with the reference as one more filter (klus_id=...).
 * One record:
 *   getOne     GET    /api/v1/{collection}/{id}                       -> {"data": {...}}
 *   create     POST   /api/v1/{collection}       body: the record     -> {"data": {...}}
 *   update     PUT    /api/v1/{collection}/{id}  body: the record     -> {"data": {...}}
 *   delete     DELETE /api/v1/{collection}/{id}                       -> {"data": {...}} or 204
 *   updateMany / deleteMany: one request per id
 * {collection} is the resource's name, except where the console's address (spec route table)
 * differs from the API's: see COLLECTIONS.
 * Errors: any non-2xx status; the message is taken from {"error": {"message": "..."}} or
 * {"message": "..."} in the body, so Dutch server messages reach the user unchanged.
 * Custom actions (assign, archive, approve ...): one method per action of api/registry.ts, e.g.
 *   dataProvider.archiveKlus({id}) -> POST /api/v1/klussen/{id}/archive -> {"data", "message"}
 * answering {data, message, waarschuwing?} or throwing an ActionError with the Dutch message and
 * field errors. Run them with useAction (api/useAction.ts), which invalidates the cache.
 * Reads that are not a resource's list or record (a job's contact log, the week board, the charts):
 *   dataProvider.read(path) -> GET {path} -> {"data": ...}; useApiData/useApiState cache them.
 *   dataProvider.readText(path, accept, failure) -> GET {path} -> the file as text (a CSV export).
 *   dataProvider.readBlob(path, accept, failure) -> GET {path} -> the file as it is (a zip).
 *   dataProvider.readBody(path, failure) -> GET {path} -> the body itself (a record not under "data").
 * Requests go through @klusmaat/shared-ui/auth/api's apiFetch: the session cookie (credentials: 'same-origin',
 * D13, no tokens stored) and the header X-Klusmaat-CSRF: 1 on every request that is not a GET.
 */

/** Resources whose API collection is named differently from the console's address. */
export const COLLECTIONS: Readonly<Record<string, string>> = {
  'klusser-aanmeldingen': 'aanmeldingen',
};

/** The server's message: {"error": {"message"}} (our API), else a top-level {"message"}. */
function errorMessage(body: unknown, fallback: string): string {
  const message = apiError(body).message ?? record(body)?.['message'];
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** When react-admin asks without paging (it should not): the first page of 25. */
const FIRST_PAGE = { page: 1, perPage: 25 };

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The query string of a list request, in the shape described above. */
export function listQuery(params: {
  pagination: { page: number; perPage: number };
  sort?: SortPayload;
  filter?: Record<string, unknown>;
}): string {
  const q = new URLSearchParams();
  q.set('page', String(params.pagination.page));
  q.set('per_page', String(params.pagination.perPage));
  if (params.sort !== undefined && params.sort.field !== '') {
    q.set('sort', params.sort.field);
    q.set('order', params.sort.order === 'DESC' ? 'desc' : 'asc');
  }
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === '') continue;
      if (!isScalar(v)) throw new Error(`Filter ${name} kan niet naar de server: alleen tekst, getallen en ja/nee.`);
      q.append(name, String(v));
    }
  }
  return `?${q.toString()}`;
}

/** A list answer {"data": [...], "total": n}; anything else is refused. */
function listResult<T extends RaRecord>(body: unknown, what: string): GetListResult<T> {
  const data = record(body)?.['data'];
  const total = record(body)?.['total'];
  if (!Array.isArray(data) || typeof total !== 'number' || !Number.isInteger(total) || total < 0) {
    throw new Error(`Onverwacht antwoord van de server voor ${what}: een lijst hoort data en total te hebben.`);
  }
  return { data: data as T[], total };
}

/** One method per custom action: its parameters in, the API's answer out. */
export type ActionMethods = { [N in ActionName]: (params: ParamsOf<Actions[N]>) => Promise<AnswerOf<Actions[N]>> };

export type ConsoleDataProvider = DataProvider &
  ActionMethods & {
    /** GET of an API path (with /api/v1) whose answer is {"data": ...}. */
    read<T>(path: string, signal?: AbortSignal): Promise<ActionAnswer<T>>;
    /**
     * GET of an API path that answers a file as text (a CSV export): the text, or an ActionError
     * with the server's message (else `failure`), or '<failure>: geen verbinding met de server'.
     */
    readText(path: string, accept: string, failure: string): Promise<string>;
    /** GET of a file (a zip) as it is; a refusal throws an ActionError with the server's message. */
    readBlob(path: string, accept: string, failure: string): Promise<Blob>;
    /** GET of an API path whose answer is the record itself, not under "data" (GET /api/v1/facturen/{id}). */
    readBody<T>(path: string, failure: string, signal?: AbortSignal): Promise<T>;
  };

export function createDataProvider(apiUrl = '/api/v1', fetchFn: FetchLike = defaultFetch): ConsoleDataProvider {
  const request = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const response = await apiFetch(`${apiUrl}${path}`, init, fetchFn);
    const body = await readJson(response);
    if (!response.ok) {
      throw new HttpError(errorMessage(body, response.statusText || `HTTP ${response.status}`), response.status, body);
    }
    return { status: response.status, body };
  };

  const data = <T,>(body: unknown): T => (body as { data: T }).data;
  const resourcePath = (resource: string, id?: Identifier) => {
    const collection = `/${encodeURIComponent(COLLECTIONS[resource] ?? resource)}`;
    return id === undefined ? collection : `${collection}/${encodeURIComponent(String(id))}`;
  };
  const list = async <T extends RaRecord>(
    resource: string,
    params: Parameters<typeof listQuery>[0],
    signal: AbortSignal | undefined,
  ): Promise<GetListResult<T>> => {
    const { body } = await request(`${resourcePath(resource)}${listQuery(params)}`, { signal });
    return listResult<T>(body, resource);
  };

  const provider: DataProvider = {
    async getList(resource, params) {
      const { pagination = FIRST_PAGE, sort, filter } = params;
      return list(resource, { pagination, sort, filter }, params.signal);
    },
    async getOne(resource, params) {
      const { body } = await request(resourcePath(resource, params.id), { signal: params.signal });
      return { data: data(body) };
    },
    async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType>) {
      if (params.ids.length === 0) return { data: [] };
      const pagination = { page: 1, perPage: params.ids.length };
      const found = await list<RecordType>(resource, { pagination, filter: { id: params.ids } }, params.signal);
      return { data: found.data };
    },
    async getManyReference(resource, params) {
      const { pagination = FIRST_PAGE, sort } = params;
      const filter = { ...params.filter, [params.target]: params.id };
      return list(resource, { pagination, sort, filter }, params.signal);
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
  const actions = Object.fromEntries(
    Object.entries(ACTIONS).map(([name, def]) => [
      name,
      (params: never) => {
        const { path, method = 'POST', body } = def.request(params);
        return callApi(path, { method, body, fetchFn }, failureOf(def as ActionDef<never, unknown>, params));
      },
    ]),
  ) as ActionMethods;
  const read = <T,>(path: string, signal?: AbortSignal) => callApi<T>(path, { signal, fetchFn });
  const readFile = async (path: string, accept: string, failure: string): Promise<Response> => {
    let response: Response;
    try {
      response = await apiFetch(path, { headers: { Accept: accept } }, fetchFn);
    } catch {
      throw new ActionError(`${failure}: geen verbinding met de server`, 0);
    }
    if (!response.ok) {
      const { code, message } = apiError(await readJson(response));
      throw new ActionError(message ?? failure, response.status, code);
    }
    return response;
  };
  const readText = async (path: string, accept: string, failure: string) => (await readFile(path, accept, failure)).text();
  const readBlob = async (path: string, accept: string, failure: string) => (await readFile(path, accept, failure)).blob();
  const readBody = async <T,>(path: string, failure: string, signal?: AbortSignal): Promise<T> => {
    let response: Response;
    try {
      response = await apiFetch(path, { signal }, fetchFn);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ActionError(`${failure}: geen verbinding met de server`, 0);
    }
    const body = await readJson(response);
    signal?.throwIfAborted();
    if (!response.ok) {
      const { code, message } = apiError(body);
      throw new ActionError(message ?? failure, response.status, code);
    }
    return body as T;
  };
  return { ...provider, ...actions, read, readText, readBlob, readBody };
}

export const dataProvider = createDataProvider();
