/**
 * The steps of signing in, without any UI: password, second factor (TOTP or a recovery code,
 * D15), and waiting for the session to show up in our API. The login screens of both apps use
 * these through useSignIn.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { fetchMe, type FetchLike, type MeResult } from './api';
import {
  createLoginFlow,
  csrfToken,
  flowOf,
  logout,
  submitLoginFlow,
  type KratosFlow,
  type KratosOutcome,
} from './kratos';
import { LOGIN_MESSAGES, loginErrorMessage, outcomeMessage } from './kratosMessages';
import { TEXTS } from './texts';

export type SignInResult =
  /** Kratos accepted the step; the session should now exist. */
  | { kind: 'session' }
  /** The password was right, and the account also needs its second factor. */
  | { kind: 'second_factor' }
  | { kind: 'error'; message: string };

/** Admin login waits up to 4000 ms for the session, checking every 150 ms (spec section 9). */
export const SESSION_WAIT = { timeoutMs: 4000, intervalMs: 150 } as const;

/** What a failed Kratos call says to the user. */
function failureMessage(outcome: KratosOutcome): string {
  return outcome.kind === 'expired' ? TEXTS.flowExpired : outcomeMessage(outcome, TEXTS.loginFailed, LOGIN_MESSAGES);
}

/** After a submitted step: did it end in a session, does it want the second factor, or did it fail? */
export function interpretLoginSubmit(outcome: KratosOutcome): SignInResult {
  switch (outcome.kind) {
    case 'ok':
    case 'session_already_available':
      return { kind: 'session' };
    case 'aal2_required':
      return { kind: 'second_factor' };
    case 'redirect':
      // A redirect to the aal2 login arrives as aal2_required; any other redirect comes after a
      // finished login, and GET /api/v1/me tells what the session is.
      return { kind: 'session' };
    default:
      return { kind: 'error', message: failureMessage(outcome) };
  }
}

/**
 * Signs in with e-mail and password: a fresh login flow, then the password method. A session that
 * already exists (another account, or an old one) is ended first, because the person at the
 * keyboard has just said who they are.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  options: { refresh?: boolean } = {},
  fetchFn?: FetchLike,
): Promise<SignInResult> {
  const flowOptions = options.refresh ? { refresh: true } : {};
  let created = await createLoginFlow(flowOptions, fetchFn);
  if (created.kind === 'session_already_available') {
    await logout(fetchFn);
    created = await createLoginFlow(flowOptions, fetchFn);
  }
  const flow = created.kind === 'ok' ? flowOf(created) : undefined;
  if (flow === undefined) {
    return { kind: 'error', message: created.kind === 'invalid' ? TEXTS.loginFailed : failureMessage(created) };
  }
  const submitted = await submitLoginFlow(
    flow.id,
    { method: 'password', identifier: email.trim(), password, csrf_token: csrfToken(flow) },
    fetchFn,
  );
  return interpretLoginSubmit(submitted);
}

export type SecondFactorStart =
  | { kind: 'ready'; flow: KratosFlow }
  /** The session already has its second factor. */
  | { kind: 'session' }
  /** There is no session to add a second factor to: sign in with the password first. */
  | { kind: 'no_session' }
  | { kind: 'error'; message: string };

/** Starts the aal2 login flow that asks for the TOTP code or a recovery code. */
export async function startSecondFactor(fetchFn?: FetchLike): Promise<SecondFactorStart> {
  const created = await createLoginFlow({ aal2: true }, fetchFn);
  const flow = created.kind === 'ok' ? flowOf(created) : undefined;
  if (flow !== undefined) return { kind: 'ready', flow };
  if (created.kind === 'session_already_available') return { kind: 'session' };
  if (created.kind === 'unauthorized' || created.kind === 'invalid' || created.kind === 'failed') {
    // Kratos refuses an aal2 flow without a first-factor session.
    return { kind: 'no_session' };
  }
  return { kind: 'error', message: failureMessage(created) };
}

export type CodeMethod = 'totp' | 'lookup_secret';

export type SecondFactorResult =
  | { kind: 'session' }
  /** flow: the flow to use for the next try (Kratos may hand out a new one). */
  | { kind: 'error'; message: string; flow: KratosFlow };

/** Sends the TOTP code or a recovery code to the aal2 flow. */
export async function submitSecondFactor(
  flow: KratosFlow,
  method: CodeMethod,
  code: string,
  fetchFn?: FetchLike,
): Promise<SecondFactorResult> {
  const csrf_token = csrfToken(flow);
  const value = code.replace(/\s+/g, '');
  const outcome = await submitLoginFlow(
    flow.id,
    method === 'totp'
      ? { method: 'totp', totp_code: value, csrf_token }
      : { method: 'lookup_secret', lookup_secret: value, csrf_token },
    fetchFn,
  );
  const result = interpretLoginSubmit(outcome);
  if (result.kind === 'session') return result;
  if (outcome.kind === 'invalid') {
    return { kind: 'error', message: loginErrorMessage(outcome.flow), flow: outcome.flow };
  }
  if (outcome.kind === 'expired') {
    // The flow is gone: start a new one so that the next try works, and say so.
    const fresh = await startSecondFactor(fetchFn);
    return { kind: 'error', message: TEXTS.flowExpired, flow: fresh.kind === 'ready' ? fresh.flow : flow };
  }
  return { kind: 'error', message: result.kind === 'error' ? result.message : TEXTS.loginFailed, flow };
}

/**
 * Asks GET /api/v1/me until the session is there: every intervalMs, for at most timeoutMs.
 * Stops early when the answer is a user or "mfa_required"; otherwise returns the last answer.
 */
export async function waitForSession(
  fetchFn?: FetchLike,
  timing: { timeoutMs: number; intervalMs: number } = SESSION_WAIT,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<MeResult> {
  let waited = 0;
  for (;;) {
    const result = await fetchMe(fetchFn);
    if (result.kind === 'ok' || result.kind === 'mfa_required') return result;
    if (waited + timing.intervalMs > timing.timeoutMs) return result;
    await sleep(timing.intervalMs);
    waited += timing.intervalMs;
  }
}

/** The message for a session that did not show up after signing in. */
export function sessionFailureMessage(result: MeResult): string {
  return result.kind === 'network' ? TEXTS.networkError : TEXTS.loginFailed;
}
