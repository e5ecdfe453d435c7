/**
 * A small client for Ory Kratos's browser self-service flows, reached through the Go server under
 * /.ory/ so that the session cookie is first-party (D12, D13). Every call asks for JSON and sends
 * the cookies; nothing is stored in the browser by this code.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { apiError, defaultFetch, readJson, record, type FetchLike } from './api';
import { TEXTS } from './texts';

export const KRATOS_BASE = '/.ory';

/** A message of a flow or of one of its nodes. */
export interface UiText {
  id: number;
  text: string;
  type: string;
  context?: Record<string, unknown>;
}

export interface UiNodeAttributes {
  name?: string;
  type?: string;
  value?: unknown;
  id?: string;
  src?: string;
  text?: UiText;
  node_type?: string;
  disabled?: boolean;
  required?: boolean;
}

export interface UiNode {
  type: string;
  group: string;
  attributes: UiNodeAttributes;
  messages?: UiText[];
  meta?: { label?: UiText };
}

/** A login, recovery or settings flow, as far as these screens use it. */
export interface KratosFlow {
  id: string;
  state?: string;
  ui: { action?: string; method?: string; nodes: UiNode[]; messages?: UiText[] };
  continue_with?: unknown[];
}

/** Every answer of Kratos, sorted by what the screens do with it. */
export type KratosOutcome =
  | { kind: 'ok'; status: number; data: unknown }
  /** 400 (or 200 on some flows) with the flow again, its messages telling what is wrong. */
  | { kind: 'invalid'; status: number; flow: KratosFlow }
  /** 410: the flow expired; start a new one. */
  | { kind: 'expired'; newFlowId?: string }
  /** The session needs its second factor first (also: a 422 redirect to the aal2 login). */
  | { kind: 'aal2_required' }
  /** The session is too old for this change; sign in again (also: a 422 redirect to a refresh login). */
  | { kind: 'refresh_required' }
  /** A login or recovery flow was asked for while a session exists. */
  | { kind: 'session_already_available' }
  /** 422 browser_location_change_required: the browser should go elsewhere. */
  | { kind: 'redirect'; to: string; flowId?: string }
  /** 401: no session. */
  | { kind: 'unauthorized' }
  /** 429 from the Go server, with its Dutch message. */
  | { kind: 'rate_limited'; message: string }
  /** Anything else; message: the Go server's own Dutch message, when the answer came from it. */
  | { kind: 'failed'; status: number; errorId?: string; message?: string }
  | { kind: 'network' };

export function isFlow(value: unknown): value is KratosFlow {
  const v = record(value);
  const ui = record(v?.['ui']);
  return typeof v?.['id'] === 'string' && ui !== undefined && Array.isArray(ui['nodes']);
}

/** The "flow" query parameter of a URL such as https://host/settings?flow=abc. */
export function flowIdFromUrl(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  try {
    return new URL(url, 'http://localhost').searchParams.get('flow') ?? undefined;
  } catch {
    return undefined;
  }
}

/** What a redirect target asks of the session: its second factor (aal=aal2) or a new sign-in (refresh=true). */
function sessionDemand(url: string): 'aal2_required' | 'refresh_required' | undefined {
  if (url === '') return undefined;
  let query: URLSearchParams;
  try {
    query = new URL(url, 'http://localhost').searchParams;
  } catch {
    return undefined;
  }
  if (query.get('refresh') === 'true') return 'refresh_required';
  if (query.get('aal') === 'aal2') return 'aal2_required';
  return undefined;
}

/** Sorts a Kratos answer into a KratosOutcome. */
export function classifyKratosResponse(status: number, data: unknown): KratosOutcome {
  if (status >= 200 && status < 300) return { kind: 'ok', status, data };
  if (status === 429) return { kind: 'rate_limited', message: apiError(data).message ?? TEXTS.rateLimitedFallback };
  const body = record(data);
  const errorId = record(body?.['error'])?.['id'];
  const id = typeof errorId === 'string' ? errorId : undefined;
  if (status === 410 || id === 'self_service_flow_expired') {
    const next = body?.['use_flow_id'];
    return typeof next === 'string' ? { kind: 'expired', newFlowId: next } : { kind: 'expired' };
  }
  if (id === 'session_aal2_required') return { kind: 'aal2_required' };
  if (id === 'session_refresh_required') return { kind: 'refresh_required' };
  if (id === 'session_already_available') return { kind: 'session_already_available' };
  if (status === 422 || id === 'browser_location_change_required') {
    const to = body?.['redirect_browser_to'];
    const target = typeof to === 'string' ? to : '';
    // Kratos sends the browser to the aal2 login or a refresh login: say so once, here.
    const demand = sessionDemand(target);
    if (demand !== undefined) return { kind: demand };
    const flowId = flowIdFromUrl(target);
    return flowId === undefined ? { kind: 'redirect', to: target } : { kind: 'redirect', to: target, flowId };
  }
  if (isFlow(data)) return { kind: 'invalid', status, flow: data };
  if (status === 401) return { kind: 'unauthorized' };
  // Kratos's errors carry a numeric code and English text; the Go server's (e.g. 502 when Kratos
  // is down) a string code and Dutch text, which is worth showing.
  const serverMessage = typeof apiError(data).code === 'string' ? apiError(data).message : undefined;
  return {
    kind: 'failed',
    status,
    ...(id === undefined ? {} : { errorId: id }),
    ...(serverMessage === undefined ? {} : { message: serverMessage }),
  };
}

/** One request to Kratos under /.ory, classified. Never throws. */
export async function kratosRequest(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
  fetchFn: FetchLike = defaultFetch,
): Promise<KratosOutcome> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetchFn(`${KRATOS_BASE}${path}`, init);
  } catch {
    return { kind: 'network' };
  }
  return classifyKratosResponse(response.status, await readJson(response));
}

/** Narrows an "ok" outcome to a flow; an "ok" without a flow counts as failed. */
async function expectFlow(outcome: Promise<KratosOutcome>): Promise<KratosOutcome> {
  const result = await outcome;
  if (result.kind === 'ok' && !isFlow(result.data)) return { kind: 'failed', status: result.status };
  return result;
}

/** A self-service flow that the browser starts, reads back by its id and submits to. */
type FlowKind = 'login' | 'recovery' | 'settings';

function startFlow(kind: FlowKind, query: string, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return expectFlow(kratosRequest(`/self-service/${kind}/browser${query === '' ? '' : `?${query}`}`, {}, fetchFn));
}

function readFlow(kind: FlowKind, flowId: string, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return expectFlow(kratosRequest(`/self-service/${kind}/flows?id=${encodeURIComponent(flowId)}`, {}, fetchFn));
}

function submitFlow(kind: FlowKind, flowId: string, body: unknown, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return kratosRequest(`/self-service/${kind}?flow=${encodeURIComponent(flowId)}`, { method: 'POST', body }, fetchFn);
}

/** The flow of an "ok" outcome (only after expectFlow). */
export function flowOf(outcome: KratosOutcome): KratosFlow | undefined {
  if (outcome.kind === 'ok' && isFlow(outcome.data)) return outcome.data;
  if (outcome.kind === 'invalid') return outcome.flow;
  return undefined;
}

// Login

export interface LoginFlowOptions {
  /** Ask for the second factor of the current session. */
  aal2?: boolean;
  /** Ask for the password again although a session exists (privileged session). */
  refresh?: boolean;
}

export function createLoginFlow(options: LoginFlowOptions = {}, fetchFn?: FetchLike): Promise<KratosOutcome> {
  const query = new URLSearchParams();
  if (options.aal2) query.set('aal', 'aal2');
  if (options.refresh) query.set('refresh', 'true');
  return startFlow('login', query.toString(), fetchFn);
}

export type LoginBody =
  | { method: 'password'; identifier: string; password: string; csrf_token: string }
  | { method: 'totp'; totp_code: string; csrf_token: string }
  | { method: 'lookup_secret'; lookup_secret: string; csrf_token: string };

export function submitLoginFlow(flowId: string, body: LoginBody, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return submitFlow('login', flowId, body, fetchFn);
}

// Logout

/**
 * Ends the Kratos session: GET logout/browser for a token, then GET logout?token=... (204).
 * Without a session there is nothing to end, which counts as success.
 */
export async function logout(fetchFn?: FetchLike): Promise<boolean> {
  const start = await kratosRequest('/self-service/logout/browser', {}, fetchFn);
  if (start.kind === 'unauthorized') return true;
  if (start.kind !== 'ok') return false;
  const token = record(start.data)?.['logout_token'];
  if (typeof token !== 'string' || token === '') return false;
  const done = await kratosRequest(`/self-service/logout?token=${encodeURIComponent(token)}`, {}, fetchFn);
  return done.kind === 'ok' || done.kind === 'unauthorized';
}

// Recovery

export function createRecoveryFlow(fetchFn?: FetchLike): Promise<KratosOutcome> {
  return startFlow('recovery', '', fetchFn);
}

export function getRecoveryFlow(flowId: string, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return readFlow('recovery', flowId, fetchFn);
}

export type RecoveryBody =
  | { method: 'code'; email: string; csrf_token: string }
  | { method: 'code'; code: string; csrf_token: string };

export function submitRecoveryFlow(flowId: string, body: RecoveryBody, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return submitFlow('recovery', flowId, body, fetchFn);
}

// Settings

export function createSettingsFlow(fetchFn?: FetchLike): Promise<KratosOutcome> {
  return startFlow('settings', '', fetchFn);
}

export function getSettingsFlow(flowId: string, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return readFlow('settings', flowId, fetchFn);
}

export type SettingsBody =
  | { method: 'password'; password: string; csrf_token: string }
  | { method: 'totp'; totp_code: string; csrf_token: string }
  | { method: 'totp'; totp_unlink: true; csrf_token: string }
  | { method: 'lookup_secret'; lookup_secret_regenerate: true; csrf_token: string }
  | { method: 'lookup_secret'; lookup_secret_confirm: true; csrf_token: string }
  | { method: 'lookup_secret'; lookup_secret_reveal: true; csrf_token: string }
  | { method: 'lookup_secret'; lookup_secret_disable: true; csrf_token: string };

export function submitSettingsFlow(flowId: string, body: SettingsBody, fetchFn?: FetchLike): Promise<KratosOutcome> {
  return submitFlow('settings', flowId, body, fetchFn);
}

// Reading flows

/** The CSRF token of a browser flow: the value of the node named csrf_token. */
export function csrfToken(flow: KratosFlow): string {
  const value = findNode(flow, 'csrf_token')?.attributes.value;
  return typeof value === 'string' ? value : '';
}

/** The input node with this name. */
export function findNode(flow: KratosFlow, name: string): UiNode | undefined {
  return flow.ui.nodes.find((node) => node.attributes.name === name);
}

/** The text or image node with this id (totp_qr, totp_secret_key, lookup_secret_codes). */
export function findNodeById(flow: KratosFlow, id: string): UiNode | undefined {
  return flow.ui.nodes.find((node) => node.attributes.id === id);
}

/** The flow's own messages followed by those of its nodes. */
export function allMessages(flow: KratosFlow): UiText[] {
  return [...(flow.ui.messages ?? []), ...flow.ui.nodes.flatMap((node) => node.messages ?? [])];
}

/** The id of the settings flow that a finished recovery flow continues with, if it names one. */
export function continueWithSettingsFlowId(data: unknown): string | undefined {
  const items = record(data)?.['continue_with'];
  if (!Array.isArray(items)) return undefined;
  for (const item of items) {
    const entry = record(item);
    if (entry?.['action'] !== 'show_settings_ui') continue;
    const id = record(entry['flow'])?.['id'];
    if (typeof id === 'string') return id;
  }
  return undefined;
}
