import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const TOWNS = {
  total: 3,
  data: [
    { woonplaats: 'leidschendam', naam: 'Leidschendam', regio: 'den-haag' },
    { woonplaats: 'voorburg', naam: 'Voorburg', regio: 'den-haag' },
    { woonplaats: 'wassenaar', naam: 'Wassenaar', regio: 'den-haag' },
  ],
};

export const CATEGORIES = {
  total: 5,
  data: [
    { key: 'montage', label: 'Montage & Ophangwerk' },
    { key: 'veiligheid', label: 'Veilig & Comfortabel Wonen' },
    { key: 'onderhoud', label: 'Klein Onderhoud & Reparaties' },
    { key: 'schilderen', label: 'Klein Schilder- & Afwerkwerk' },
    { key: 'digitaal', label: 'Digitale Hulp & Installatie' },
  ],
};

/**
 * Replaces fetch: the public GET lists answer with demo data, every other request goes to
 * the given handlers by path (or 404). Returns the recorded calls.
 */
export function mockFetch(handlers: Record<string, Handler> = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: Call = {
        url: input,
        method: (init.method ?? 'GET').toUpperCase(),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const path = input.split('?')[0] ?? input;
      const handler = handlers[path];
      if (handler) return handler(call);
      if (path === '/api/v1/public/woonplaatsen') return json(200, TOWNS);
      if (path === '/api/v1/public/categorieen') return json(200, CATEGORIES);
      return json(404, { error: { code: 'not_found', message: 'niet gevonden' } });
    }),
  );
  return calls;
}
