import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@shared-auth/api';
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
  it('lists with paging, sorting and filter under /api/v1 and sends the session cookie', async () => {
    const { calls, fetchFn } = recorder(200, { data: [{ id: 1 }], total: 1 });
    const result = await createDataProvider('/api/v1', fetchFn).getList('klussen', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'datum', order: 'DESC' },
      filter: { status: 'open' },
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(calls[0]?.url).toBe(
      '/api/v1/klussen?page=2&perPage=10&sort=datum&order=DESC&filter=%7B%22status%22%3A%22open%22%7D',
    );
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(new Headers(calls[0]?.init?.headers).get('X-Klusmaat-CSRF')).toBeNull();
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
