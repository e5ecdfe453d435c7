/**
 * The access check of a protected area, as a plain state machine without React, so that its
 * timing can be tested with fake timers (spec document 1, sections 4, 8 and 9; D13).
 *
 *   checking ──► allowed        (content shown 300 ms after a successful check)
 *            ──► redirect login       no session, still none after 8 rechecks 200 ms apart
 *            ──► redirect no-access   a session without an allowed role
 *            ──► redirect second-factor  the account has TOTP and the session lacks it
 *            ──► error                time-out after 10 s; or the role query failed 1 + 3 times
 *                                     (backoff 1000 ms × 2^attempt, at most 5000 ms)
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import type { Me, MeResult, Role } from './api';
import { hasAnyRole } from './roles';
import { TEXTS } from './texts';

export type RedirectTarget = 'login' | 'no-access' | 'second-factor';

export type GuardState =
  | { status: 'checking' }
  | { status: 'allowed'; me: Me }
  | { status: 'redirect'; to: RedirectTarget }
  | { status: 'error'; message: string };

/** The constants of spec section 9. */
export const GUARD_TIMING = {
  /** The whole check gives up after this long. */
  timeoutMs: 10_000,
  /** Content appears this long after the check succeeded. */
  showDelayMs: 300,
  /** Without a session, check again after this long ... */
  sessionRecheckMs: 200,
  /** ... at most this many times, before sending the user to sign in. */
  maxSessionRechecks: 8,
  /** The role query is retried at most this many times ... */
  maxRoleRetries: 3,
  /** ... after backoffBaseMs × 2^attempt, capped at backoffCapMs. */
  backoffBaseMs: 1000,
  backoffCapMs: 5000,
} as const;

export type GuardTiming = { -readonly [K in keyof typeof GUARD_TIMING]: number };

/** Wait before retry number attempt + 1 of the role query (attempt counts from 0). */
export function backoffDelay(attempt: number, timing: GuardTiming = GUARD_TIMING): number {
  return Math.min(timing.backoffBaseMs * 2 ** attempt, timing.backoffCapMs);
}

export interface GuardTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: GuardTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface AccessCheckOptions {
  allowedRoles: readonly Role[];
  /** GET /api/v1/me; must not throw (fetchMe from api.ts never does). */
  fetchMe: (signal: AbortSignal) => Promise<MeResult>;
  /** Called with every new state; the first state, "checking", is not reported. */
  onChange: (state: GuardState) => void;
  timers?: GuardTimers;
  timing?: Partial<GuardTiming>;
}

/**
 * Runs one access check. Returns a function that cancels it (pending timers and the request);
 * after cancelling, onChange is never called again.
 */
export function startAccessCheck(options: AccessCheckOptions): () => void {
  const timers = options.timers ?? realTimers;
  const timing: GuardTiming = { ...GUARD_TIMING, ...options.timing };
  const controller = new AbortController();
  let done = false;
  let pending: unknown;
  let sessionRechecks = 0;
  let roleRetries = 0;

  const clearPending = () => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
  };

  const timeout = timers.setTimeout(() => {
    settle({ status: 'error', message: TEXTS.accessTimeout });
  }, timing.timeoutMs);

  /** Ends the check with a final state. */
  function settle(state: GuardState): void {
    if (done) return;
    done = true;
    clearPending();
    timers.clearTimeout(timeout);
    controller.abort();
    options.onChange(state);
  }

  function later(ms: number, task: () => void): void {
    clearPending();
    pending = timers.setTimeout(() => {
      pending = undefined;
      task();
    }, ms);
  }

  async function check(): Promise<void> {
    let result: MeResult;
    try {
      result = await options.fetchMe(controller.signal);
    } catch {
      result = { kind: 'network' };
    }
    if (done) return;
    switch (result.kind) {
      case 'ok':
        if (!hasAnyRole(result.me, options.allowedRoles)) {
          settle({ status: 'redirect', to: 'no-access' });
          return;
        }
        {
          // The check is over: no time-out any more, the content follows after a short pause.
          const me = result.me;
          done = true;
          timers.clearTimeout(timeout);
          later(timing.showDelayMs, () => options.onChange({ status: 'allowed', me }));
        }
        return;
      case 'unauthenticated':
        if (sessionRechecks < timing.maxSessionRechecks) {
          sessionRechecks += 1;
          later(timing.sessionRecheckMs, () => void check());
        } else {
          settle({ status: 'redirect', to: 'login' });
        }
        return;
      case 'mfa_required':
        settle({ status: 'redirect', to: 'second-factor' });
        return;
      case 'forbidden':
        settle({ status: 'redirect', to: 'no-access' });
        return;
      case 'error':
      case 'network':
        if (roleRetries < timing.maxRoleRetries) {
          const delay = backoffDelay(roleRetries, timing);
          roleRetries += 1;
          later(delay, () => void check());
        } else {
          settle({
            status: 'error',
            message: result.kind === 'network' ? TEXTS.networkError : TEXTS.roleCheckFailed,
          });
        }
        return;
    }
  }

  void check();

  return () => {
    done = true;
    clearPending();
    timers.clearTimeout(timeout);
    controller.abort();
  };
}
