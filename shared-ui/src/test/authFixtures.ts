/**
 * Test helpers for the sign-in code: a recording fetch with canned answers, and Kratos flows and
 * /api/v1/me users in the shapes the backend sends.
 *
 * Both front ends import it as @klusmaat/shared-ui/test/authFixtures.
 */
import { vi } from 'vitest';
import type { Me } from '../auth/api';
import type { KratosFlow, UiNode, UiText } from '../auth/kratos';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  url: string;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** An answer, a function of the call, or an Error (the request fails: a network error). */
export type Responder = FakeAnswer | Error | ((call: RecordedCall) => FakeAnswer);

/** A minimal Response: status, ok and text() are all the code under test reads. */
export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    headers: new Headers(),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/**
 * A fetch that answers by "METHOD /path?query" (exact) or "METHOD /path". A list of answers is
 * used in order, the last one repeating. Unknown requests answer 599 and are listed in unexpected.
 */
export function createFetchMock(routes: Record<string, Responder | Responder[]>) {
  const calls: RecordedCall[] = [];
  const unexpected: string[] = [];
  const queues = new Map<string, Responder[]>(
    Object.entries(routes).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]),
  );
  const fetchFn = vi.fn(async (input: string, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = new URL(input, 'http://localhost');
    const raw = init?.body;
    const call: RecordedCall = {
      url: input,
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined,
    };
    calls.push(call);
    const key = [`${method} ${url.pathname}${url.search}`, `${method} ${url.pathname}`].find((k) => queues.has(k));
    if (key === undefined) {
      unexpected.push(`${method} ${input}`);
      return fakeResponse(599, { error: { message: 'unexpected request in test' } });
    }
    const queue = queues.get(key) ?? [];
    const responder = (queue.length > 1 ? queue.shift() : queue[0]) as Responder;
    if (responder instanceof Error) throw responder;
    const answer = typeof responder === 'function' ? responder(call) : responder;
    return fakeResponse(answer.status ?? 200, answer.body);
  });
  /** The calls to one path (any query), optionally of one method. */
  const callsTo = (path: string, method?: string) =>
    calls.filter((c) => c.path === path && (method === undefined || c.method === method));
  return { fetchFn, calls, unexpected, callsTo };
}

export function me(role: string, extra: Partial<Me> = {}): Me {
  const roles = role === 'authenticated' ? [] : [role];
  return {
    id: '8b4c1f2e-0000-4000-8000-000000000001',
    email: `${role}@klusmaat.nl`,
    naam: 'Piet Bakker',
    role,
    roles,
    regions: ['den-haag'],
    aal: 'aal1',
    mfa_enrolled: false,
    ...extra,
  };
}

export function uiText(id: number, type = 'error', text = `kratos message ${id}`): UiText {
  return { id, text, type };
}

function input(name: string, group: string, extra: Partial<UiNode['attributes']> = {}, messages: UiText[] = []): UiNode {
  return { type: 'input', group, attributes: { name, type: 'text', node_type: 'input', ...extra }, messages, meta: {} };
}

export function csrfNode(token = 'csrf-123'): UiNode {
  return input('csrf_token', 'default', { type: 'hidden', value: token });
}

export function flow(id: string, nodes: UiNode[] = [], messages: UiText[] = [], extra: Partial<KratosFlow> = {}): KratosFlow {
  return { id, ui: { action: `/.ory/self-service/x?flow=${id}`, method: 'POST', nodes: [csrfNode(), ...nodes], messages }, ...extra };
}

export function loginFlow(id = 'login-1', messages: UiText[] = []): KratosFlow {
  return flow(id, [input('identifier', 'default'), input('password', 'password', { type: 'password' })], messages);
}

export function aal2Flow(id = 'aal2-1', messages: UiText[] = []): KratosFlow {
  return flow(id, [input('totp_code', 'totp'), input('lookup_secret', 'lookup_secret')], messages);
}

export { input as inputNode };

export const KRATOS = {
  loginBrowser: '/.ory/self-service/login/browser',
  login: '/.ory/self-service/login',
  logoutBrowser: '/.ory/self-service/logout/browser',
  logout: '/.ory/self-service/logout',
  recoveryBrowser: '/.ory/self-service/recovery/browser',
  recovery: '/.ory/self-service/recovery',
  recoveryFlows: '/.ory/self-service/recovery/flows',
  settingsBrowser: '/.ory/self-service/settings/browser',
  settingsFlows: '/.ory/self-service/settings/flows',
  settings: '/.ory/self-service/settings',
  me: '/api/v1/me',
} as const;

/** Answers for a working logout. */
export const LOGOUT_OK: Record<string, Responder> = {
  [`GET ${KRATOS.logoutBrowser}`]: { body: { logout_token: 'tok en', logout_url: 'http://localhost/.ory/self-service/logout?token=tok+en' } },
  [`GET ${KRATOS.logout}`]: { status: 204 },
};
