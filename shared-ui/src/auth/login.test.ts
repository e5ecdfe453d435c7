import { afterEach, describe, expect, it, vi } from 'vitest';
import { aal2Flow, createFetchMock, KRATOS, LOGOUT_OK, loginFlow, me, uiText } from '../test/authFixtures';
import { signInWithPassword, startSecondFactor, submitSecondFactor, waitForSession } from './login';

afterEach(() => {
  vi.useRealTimers();
});

describe('signInWithPassword', () => {
  it('creates a login flow and posts the password method with the CSRF token', async () => {
    const mock = createFetchMock({
      [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
      [`POST ${KRATOS.login}`]: { body: { session: { id: 's1' } } },
    });
    expect(await signInWithPassword(' piet@klusmaat.nl ', 'geheim', {}, mock.fetchFn)).toEqual({ kind: 'session' });
    const post = mock.callsTo(KRATOS.login, 'POST')[0];
    expect(post?.query.get('flow')).toBe('f1');
    expect(post?.body).toEqual({ method: 'password', identifier: 'piet@klusmaat.nl', password: 'geheim', csrf_token: 'csrf-123' });
  });

  it('asks for a refresh flow when the page says ?refresh=true', async () => {
    const mock = createFetchMock({
      [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
      [`POST ${KRATOS.login}`]: { body: { session: {} } },
    });
    await signInWithPassword('a@b.nl', 'x', { refresh: true }, mock.fetchFn);
    expect(mock.calls[0]?.url).toBe('/.ory/self-service/login/browser?refresh=true');
  });

  it('maps a wrong password to Dutch', async () => {
    const mock = createFetchMock({
      [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') },
      [`POST ${KRATOS.login}`]: { status: 400, body: loginFlow('f1', [uiText(4000006)]) },
    });
    expect(await signInWithPassword('a@b.nl', 'fout', {}, mock.fetchFn)).toEqual({
      kind: 'error',
      message: 'Onjuist e-mailadres of wachtwoord.',
    });
  });

  it.each([
    [{ status: 403, body: { error: { id: 'session_aal2_required' } } }],
    [
      {
        status: 422,
        body: {
          error: { id: 'browser_location_change_required' },
          redirect_browser_to: 'http://localhost/.ory/self-service/login/browser?aal=aal2',
        },
      },
    ],
  ])('moves to the second factor when Kratos asks for it (%j)', async (answer) => {
    const mock = createFetchMock({ [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow() }, [`POST ${KRATOS.login}`]: answer });
    expect(await signInWithPassword('a@b.nl', 'x', {}, mock.fetchFn)).toEqual({ kind: 'second_factor' });
  });

  it('ends an existing session first, then signs in', async () => {
    const mock = createFetchMock({
      [`GET ${KRATOS.loginBrowser}`]: [{ status: 400, body: { error: { id: 'session_already_available' } } }, { body: loginFlow('f2') }],
      ...LOGOUT_OK,
      [`POST ${KRATOS.login}`]: { body: { session: {} } },
    });
    expect(await signInWithPassword('a@b.nl', 'x', {}, mock.fetchFn)).toEqual({ kind: 'session' });
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /.ory/self-service/login/browser',
      'GET /.ory/self-service/logout/browser',
      'GET /.ory/self-service/logout',
      'GET /.ory/self-service/login/browser',
      'POST /.ory/self-service/login',
    ]);
  });

  it.each([
    [{ status: 429, body: { error: { code: 'rate_limited', message: 'Te veel inlogpogingen. Probeer het over een minuut opnieuw.' } } }, 'Te veel inlogpogingen. Probeer het over een minuut opnieuw.'],
    [{ status: 410, body: { error: { id: 'self_service_flow_expired' } } }, 'Het inloggen duurde te lang. Probeer het opnieuw.'],
    [{ status: 500 }, 'Inloggen mislukt'],
    [{ status: 502, body: { error: { code: 'identity_unavailable', message: 'Inloggen is op dit moment niet mogelijk.' } } }, 'Inloggen is op dit moment niet mogelijk.'],
    [new TypeError('offline'), 'Netwerkfout - controleer je internetverbinding'],
  ])('reports %j as "%s"', async (answer, message) => {
    const mock = createFetchMock({ [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow() }, [`POST ${KRATOS.login}`]: answer });
    expect(await signInWithPassword('a@b.nl', 'x', {}, mock.fetchFn)).toEqual({ kind: 'error', message });
  });
});

describe('second factor', () => {
  it('starts an aal2 flow and sends the TOTP code', async () => {
    const mock = createFetchMock({
      [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: aal2Flow('a1') },
      [`POST ${KRATOS.login}`]: { body: { session: {} } },
    });
    const started = await startSecondFactor(mock.fetchFn);
    expect(started.kind).toBe('ready');
    if (started.kind !== 'ready') return;
    expect(await submitSecondFactor(started.flow, 'totp', '123 456', mock.fetchFn)).toEqual({ kind: 'session' });
    expect(mock.callsTo(KRATOS.login, 'POST')[0]?.body).toEqual({ method: 'totp', totp_code: '123456', csrf_token: 'csrf-123' });
  });

  it('sends a recovery code with the lookup_secret method and reports a wrong one', async () => {
    const retry = aal2Flow('a1', [uiText(4000016)]);
    const mock = createFetchMock({ [`POST ${KRATOS.login}`]: { status: 400, body: retry } });
    const result = await submitSecondFactor(aal2Flow('a1'), 'lookup_secret', 'abcd-efgh', mock.fetchFn);
    expect(mock.calls[0]?.body).toEqual({ method: 'lookup_secret', lookup_secret: 'abcd-efgh', csrf_token: 'csrf-123' });
    expect(result).toEqual({ kind: 'error', message: 'Deze herstelcode is onjuist of al gebruikt.', flow: retry });
  });

  it('starts a new flow when the old one expired, and asks to try again', async () => {
    const fresh = aal2Flow('a2');
    const mock = createFetchMock({
      [`POST ${KRATOS.login}`]: { status: 410, body: { error: { id: 'self_service_flow_expired' } } },
      [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { body: fresh },
    });
    expect(await submitSecondFactor(aal2Flow('a1'), 'totp', '111111', mock.fetchFn)).toEqual({
      kind: 'error',
      message: 'Het inloggen duurde te lang. Probeer het opnieuw.',
      flow: fresh,
    });
  });

  it('reports "no session" when Kratos refuses an aal2 flow', async () => {
    const mock = createFetchMock({ [`GET ${KRATOS.loginBrowser}?aal=aal2`]: { status: 401, body: { error: { id: 'session_inactive' } } } });
    expect(await startSecondFactor(mock.fetchFn)).toEqual({ kind: 'no_session' });
  });
});

describe('waitForSession', () => {
  it('polls /api/v1/me every 150 ms for at most 4000 ms', async () => {
    vi.useFakeTimers();
    const mock = createFetchMock({ [`GET ${KRATOS.me}`]: { status: 401 } });
    let settled: unknown;
    void waitForSession(mock.fetchFn).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(mock.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(mock.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3750 - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    // calls at 0, 150, ..., 3900 ms: 27 in all; no wait past 4000 ms.
    expect(mock.calls).toHaveLength(27);
    expect(settled).toEqual({ kind: 'unauthenticated' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(mock.calls).toHaveLength(27);
  });

  it('stops as soon as the user is there', async () => {
    vi.useFakeTimers();
    const user = me('admin');
    const mock = createFetchMock({ [`GET ${KRATOS.me}`]: [{ status: 401 }, { status: 401 }, { body: user }] });
    const result = waitForSession(mock.fetchFn);
    await vi.advanceTimersByTimeAsync(300);
    expect(await result).toEqual({ kind: 'ok', me: user });
    expect(mock.calls).toHaveLength(3);
  });
});
