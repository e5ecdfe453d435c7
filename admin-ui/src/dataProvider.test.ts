// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@klusmaat/shared-ui/auth/api';
import { createDataProvider } from './dataProvider';

function recorder(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchFn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
  return { calls, fetchFn };
}

describe('dataProvider', () => {
  it('asks the server for one page, sorted and filtered, and reads data and total', async () => {
    const { calls, fetchFn } = recorder(200, { data: [{ id: 1 }], total: 31 });
    const result = await createDataProvider('/api/v1', fetchFn).getList('klussen', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'datum', order: 'DESC' },
      filter: { status: 'open', q: 'lamp ophangen' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(calls[0]?.url).toBe('/api/v1/klussen?page=2&per_page=10&sort=datum&order=desc&status=open&q=lamp+ophangen');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(new Headers(calls[0]?.init?.headers).get('X-Klusmaat-CSRF')).toBeNull();
  });

  it('repeats a filter with several values, sends booleans and numbers as text, and leaves empty filters out', async () => {
    const { calls, fetchFn } = recorder(200, { data: [], total: 0 });
    await createDataProvider('/api/v1', fetchFn).getList('klussers', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'naam', order: 'ASC' },
      filter: { regio: ['den-haag', 'utrecht'], actief: true, leeftijd: 70, q: '', woonplaats: null, status: [] },
    });
    expect(calls[0]?.url).toBe(
      '/api/v1/klussers?page=1&per_page=25&sort=naam&order=asc&regio=den-haag&regio=utrecht&actief=true&leeftijd=70',
    );
  });

  it('refuses a nested filter instead of sending [object Object]', async () => {
    const { calls, fetchFn } = recorder(200, { data: [], total: 0 });
    await expect(
      createDataProvider('/api/v1', fetchFn).getList('klussen', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'datum', order: 'DESC' },
        filter: { datum: { gte: '2025-01-01' } },
      }),
    ).rejects.toThrow(/Filter datum/);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['without total', { data: [{ id: 1 }] }],
    ['in the old shape', { items: [{ id: 1 }] }],
    ['with a total that is not a count', { data: [], total: '3' }],
  ])('rejects a list answer %s instead of showing an empty list', async (_, body) => {
    const { fetchFn } = recorder(200, body);
    await expect(
      createDataProvider('/api/v1', fetchFn).getList('facturen', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'datum', order: 'DESC' },
        filter: {},
      }),
    ).rejects.toThrow(/data en total/);
  });

  it('fetches many records as one list of their ids, and references as a filter with paging', async () => {
    const { calls, fetchFn } = recorder(200, { data: [{ id: 'a' }, { id: 'b' }], total: 2 });
    const provider = createDataProvider('/api/v1', fetchFn);
    expect(await provider.getMany('klussers', { ids: ['a', 'b'] })).toEqual({ data: [{ id: 'a' }, { id: 'b' }] });
    const page = await provider.getManyReference('werkbonnen', {
      target: 'klusser_id',
      id: 'k1',
      pagination: { page: 3, perPage: 5 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'completed' },
    });
    expect(page.total).toBe(2);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/klussers?page=1&per_page=2&id=a&id=b',
      '/api/v1/werkbonnen?page=3&per_page=5&sort=created_at&order=desc&status=completed&klusser_id=k1',
    ]);
  });

  it("asks the API's collection where the console's address differs (klusser-aanmeldingen)", async () => {
    const { calls, fetchFn } = recorder(200, { data: { id: 'x' } });
    await createDataProvider('/api/v1', fetchFn).getOne('klusser-aanmeldingen', { id: 'x' });
    expect(calls[0]?.url).toBe('/api/v1/aanmeldingen/x');
  });

  it('sends the CSRF header on every request that is not a GET', async () => {
    const { calls, fetchFn } = recorder(200, { data: { id: 1 } });
    const provider = createDataProvider('/api/v1', fetchFn);
    await provider.create('klussen', { data: { beschrijving: 'Lamp ophangen' } });
    await provider.update('klussen', { id: 1, data: { id: 1 }, previousData: { id: 1 } });
    await provider.delete('klussen', { id: 1 });
    expect(calls.map((c) => [c.init?.method, new Headers(c.init?.headers).get('X-Klusmaat-CSRF')])).toEqual([
      ['POST', '1'],
      ['PUT', '1'],
      ['DELETE', '1'],
    ]);
  });

  it('turns an error response into an HttpError with the server message', async () => {
    const { fetchFn } = recorder(403, { error: { message: 'Geen toegang tot deze regio' } });
    await expect(createDataProvider('/api/v1', fetchFn).getOne('klussen', { id: 7 })).rejects.toMatchObject({
      status: 403,
      message: 'Geen toegang tot deze regio',
    });
  });

  it('sends JSON with the session cookie through apiFetch, and reads a top-level message too', async () => {
    const { calls, fetchFn } = recorder(422, { message: 'Ongeldige invoer' });
    await expect(
      createDataProvider('/api/v1', fetchFn).create('klussen', { data: { beschrijving: '' } }),
    ).rejects.toMatchObject({ status: 422, message: 'Ongeldige invoer' });
    const headers = new Headers(calls[0]?.init?.headers);
    expect([headers.get('Accept'), headers.get('Content-Type'), calls[0]?.init?.credentials]).toEqual([
      'application/json',
      'application/json',
      'same-origin',
    ]);
  });
});
