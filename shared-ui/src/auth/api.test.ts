// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFetchMock, me } from '../test/authFixtures';
import { apiFetch, CSRF_HEADER, fetchMe, parseMe } from './api';

describe('apiFetch', () => {
  it('sends the CSRF header on every request that is not a GET, with the session cookie', async () => {
    const { fetchFn, calls } = createFetchMock({ 'POST /api/v1/klussen': {}, 'DELETE /api/v1/klussen/1': {}, 'GET /api/v1/me': {} });
    await apiFetch('/api/v1/klussen', { method: 'POST', body: '{}' }, fetchFn);
    await apiFetch('/api/v1/klussen/1', { method: 'delete' }, fetchFn);
    await apiFetch('/api/v1/me', {}, fetchFn);
    expect(calls.map((c) => [c.method, c.headers.get(CSRF_HEADER)])).toEqual([
      ['POST', '1'],
      ['DELETE', '1'],
      ['GET', null],
    ]);
    expect(calls.every((c) => c.credentials === 'same-origin')).toBe(true);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[2]?.headers.get('Accept')).toBe('application/json');
  });
});

describe('fetchMe', () => {
  it('returns the user of a 200', async () => {
    const user = me('admin', { roles: ['admin', 'franchise'], aal: 'aal2', mfa_enrolled: true });
    const { fetchFn } = createFetchMock({ 'GET /api/v1/me': { body: user } });
    expect(await fetchMe(fetchFn)).toEqual({ kind: 'ok', me: user });
  });

  it.each([
    [401, { error: { code: 'unauthenticated', message: 'Niet ingelogd' } }, { kind: 'unauthenticated' }],
    [403, { error: { code: 'mfa_required', message: 'Tweede stap nodig' } }, { kind: 'mfa_required' }],
    [403, { error: { code: 'forbidden', message: 'Geen toegang' } }, { kind: 'forbidden', message: 'Geen toegang' }],
    [500, undefined, { kind: 'error', status: 500 }],
    [502, 'Bad Gateway', { kind: 'error', status: 502 }],
    [200, { hello: 'world' }, { kind: 'error', status: 200 }],
  ])('classifies %i %j', async (status, body, expected) => {
    const { fetchFn } = createFetchMock({ 'GET /api/v1/me': { status, body } });
    expect(await fetchMe(fetchFn)).toEqual(expected);
  });

  it('reports a request that never reached the server as a network error', async () => {
    const { fetchFn } = createFetchMock({ 'GET /api/v1/me': new TypeError('Failed to fetch') });
    expect(await fetchMe(fetchFn)).toEqual({ kind: 'network' });
  });
});

describe('parseMe', () => {
  it('fills in defaults for missing optional fields', () => {
    expect(parseMe({ id: 'u1', email: 'a@b.nl' })).toEqual({
      id: 'u1',
      email: 'a@b.nl',
      naam: '',
      role: 'authenticated',
      roles: [],
      regions: [],
      aal: 'aal1',
      mfa_enrolled: false,
    });
    expect(parseMe(null)).toBeNull();
    expect(parseMe({ email: 'a@b.nl' })).toBeNull();
  });
});
