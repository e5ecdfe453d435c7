import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { me } from '../test/authFixtures';
import type { MeResult, Role } from './api';
import { backoffDelay, GUARD_TIMING, startAccessCheck, type GuardState } from './guard';
import { useAccessGuard } from './useAccessGuard';

const ADMIN_AREA: Role[] = ['admin', 'franchise'];

/** fetchMe answering from a list (the last answer repeats); "never" leaves the request hanging. */
function answers(...results: (MeResult | 'never')[]) {
  const queue = [...results];
  const signals: AbortSignal[] = [];
  const fn = vi.fn((signal: AbortSignal): Promise<MeResult> => {
    signals.push(signal);
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return next === 'never' || next === undefined ? new Promise<MeResult>(() => {}) : Promise.resolve(next);
  });
  return Object.assign(fn, { signals });
}

function start(fetchMe: ReturnType<typeof answers>, allowedRoles: Role[] = ADMIN_AREA) {
  const states: GuardState[] = [];
  const cancel = startAccessCheck({ allowedRoles, fetchMe, onChange: (s) => states.push(s) });
  return { states, cancel };
}

const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const unauthenticated: MeResult = { kind: 'unauthenticated' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('access guard state machine', () => {
  it('uses the constants of spec section 9', () => {
    expect(GUARD_TIMING).toEqual({
      timeoutMs: 10000,
      showDelayMs: 300,
      sessionRecheckMs: 200,
      maxSessionRechecks: 8,
      maxRoleRetries: 3,
      backoffBaseMs: 1000,
      backoffCapMs: 5000,
    });
  });

  it('allows an allowed role, showing the content 300 ms after the check', async () => {
    const user = me('franchise');
    const { states } = start(answers({ kind: 'ok', me: user }));
    await tick(0);
    expect(states).toEqual([]);
    await tick(299);
    expect(states).toEqual([]);
    await tick(1);
    expect(states).toEqual([{ status: 'allowed', me: user }]);
    await tick(20000);
    expect(states).toHaveLength(1); // no time-out after success
  });

  it('sends a session without an allowed role to no-access', async () => {
    const { states } = start(answers({ kind: 'ok', me: me('admin') }), ['franchise']);
    await tick(0);
    expect(states).toEqual([{ status: 'redirect', to: 'no-access' }]);
  });

  it('sends a session that lacks the second factor to the second-factor step', async () => {
    const { states } = start(answers({ kind: 'mfa_required' }));
    await tick(0);
    expect(states).toEqual([{ status: 'redirect', to: 'second-factor' }]);
  });

  it('rechecks a missing session every 200 ms, at most 8 times, before sending the user to sign in', async () => {
    const fetchMe = answers(unauthenticated);
    const { states } = start(fetchMe);
    await tick(0);
    expect(fetchMe).toHaveBeenCalledTimes(1);
    for (let recheck = 1; recheck <= 8; recheck++) {
      await tick(199);
      expect(fetchMe).toHaveBeenCalledTimes(recheck);
      expect(states).toEqual([]);
      await tick(1);
      expect(fetchMe).toHaveBeenCalledTimes(recheck + 1);
    }
    expect(states).toEqual([{ status: 'redirect', to: 'login' }]);
    await tick(5000);
    expect(fetchMe).toHaveBeenCalledTimes(9);
  });

  it('lets a session that shows up during the rechecks in', async () => {
    const user = me('admin');
    const { states } = start(answers(unauthenticated, unauthenticated, { kind: 'ok', me: user }));
    await tick(400 + 299);
    expect(states).toEqual([]);
    await tick(1);
    expect(states).toEqual([{ status: 'allowed', me: user }]);
  });

  it('retries the role query 3 times after 1000, 2000 and 4000 ms, then reports the failure', async () => {
    const fetchMe = answers({ kind: 'error', status: 500 });
    const { states } = start(fetchMe);
    const expectCallsAt = async (ms: number, calls: number) => {
      await tick(ms);
      expect(fetchMe).toHaveBeenCalledTimes(calls);
    };
    await expectCallsAt(0, 1);
    await expectCallsAt(999, 1);
    await expectCallsAt(1, 2); // t = 1000
    await expectCallsAt(1999, 2);
    await expectCallsAt(1, 3); // t = 3000
    await expectCallsAt(3999, 3);
    expect(states).toEqual([]);
    await expectCallsAt(1, 4); // t = 7000
    expect(states).toEqual([{ status: 'error', message: 'Fout bij controleren van toegangsrechten' }]);
    await expectCallsAt(10000, 4);
  });

  it('computes the backoff as 1000 ms × 2^attempt, capped at 5000 ms', () => {
    expect([0, 1, 2, 3, 4].map((attempt) => backoffDelay(attempt))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('recovers when a retry of the role query succeeds', async () => {
    const user = me('admin');
    const { states } = start(answers({ kind: 'network' }, { kind: 'ok', me: user }));
    await tick(1000 + 300);
    expect(states).toEqual([{ status: 'allowed', me: user }]);
  });

  it('says it is a network error when the server could not be reached', async () => {
    const fetchMe = answers({ kind: 'network' });
    const { states } = start(fetchMe);
    await tick(7000);
    expect(fetchMe).toHaveBeenCalledTimes(4);
    expect(states).toEqual([{ status: 'error', message: 'Netwerkfout - controleer je internetverbinding' }]);
  });

  it('gives up after 10 s and cancels the request', async () => {
    const fetchMe = answers('never');
    const { states } = start(fetchMe);
    await tick(9999);
    expect(states).toEqual([]);
    await tick(1);
    expect(states).toEqual([{ status: 'error', message: 'Toegangscontrole duurt te lang. Probeer het opnieuw.' }]);
    expect(fetchMe.signals[0]?.aborted).toBe(true);
  });

  it('times out also while it is still rechecking a slow server', async () => {
    // Each answer takes long: the requests hang, then the time-out wins.
    const fetchMe = answers(unauthenticated, 'never');
    const { states } = start(fetchMe);
    await tick(10000);
    expect(states).toEqual([{ status: 'error', message: 'Toegangscontrole duurt te lang. Probeer het opnieuw.' }]);
  });

  it('stays silent after it was cancelled', async () => {
    const { states, cancel } = start(answers(unauthenticated));
    await tick(0);
    cancel();
    await tick(20000);
    expect(states).toEqual([]);
  });
});

describe('useAccessGuard', () => {
  it('starts in "checking" and reports the outcome', async () => {
    const user = me('klusser');
    const fetchMe = answers({ kind: 'ok', me: user });
    const { result } = renderHook(() => useAccessGuard(['klusser'], { fetchMe }));
    expect(result.current).toEqual({ status: 'checking' });
    await act(() => tick(300));
    expect(result.current).toEqual({ status: 'allowed', me: user });
  });
});
