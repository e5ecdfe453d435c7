// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetchMock';
import { fetchKlussers, fetchTowns, fieldErrors, parseKlusser, postJson } from './public';

describe('public API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON with the CSRF header and classifies the answers', async () => {
    const answers = [
      json(201, { id: 'x' }),
      json(400, { error: { code: 'invalid', message: 'Kies een categorie', fields: { categorie: 'Kies een categorie', x: 3 } } }),
      json(400, { error: { code: 'bad_json', message: 'kapot' } }),
      json(429, { error: { code: 'rate_limited', message: 'Even wachten.' } }),
      new Response('', { status: 503 }),
    ];
    const calls = mockFetch({ '/p': () => answers.shift()! });
    const parse = (b: unknown) => b as { id: string };
    expect(await postJson('/p', { a: 1 }, parse)).toEqual({ kind: 'ok', body: { id: 'x' } });
    expect(calls[0]?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(await postJson('/p', {}, parse)).toEqual({ kind: 'invalid', fields: { categorie: 'Kies een categorie' } });
    expect(await postJson('/p', {}, parse)).toEqual({ kind: 'error' });
    expect(await postJson('/p', {}, parse)).toEqual({ kind: 'rate_limited', message: 'Even wachten.' });
    expect(await postJson('/p', {}, parse)).toEqual({ kind: 'error' });
  });

  it('reports a network failure as an error without throwing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    expect(await postJson('/p', {}, () => ({}))).toEqual({ kind: 'error' });
  });

  it('reads the lists and throws on failure', async () => {
    mockFetch({ '/api/v1/public/klussers': () => json(500, {}) });
    expect((await fetchTowns()).map((t) => t.naam)).toEqual(['Leidschendam', 'Voorburg', 'Wassenaar']);
    await expect(fetchKlussers()).rejects.toThrow(/500/);
  });

  it('reads showcase fields defensively', () => {
    expect(parseKlusser({ id: 'a', naam: 'B', specialisaties: ['x', 3, ''], gemiddelde_beoordeling: 'hoog', totaal_uren: null })).toEqual({
      id: 'a',
      naam: 'B',
      woonplaats: '',
      specialisaties: ['x'],
      gemiddelde_beoordeling: null,
      totaal_uren: 0,
      gepensioneerd_sinds: null,
      intro_tekst: '',
      profiel_foto_url: null,
      carousel_fotos: [],
    });
    expect(parseKlusser({ naam: 'zonder id' })).toBeNull();
    expect(fieldErrors({ error: { fields: { a: 'b', c: '' } } })).toEqual({ a: 'b' });
    expect(fieldErrors(null)).toEqual({});
  });
});
