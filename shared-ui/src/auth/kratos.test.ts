import { describe, expect, it } from 'vitest';
import { createFetchMock, KRATOS, LOGOUT_OK, loginFlow } from '../test/authFixtures';
import {
  classifyKratosResponse,
  continueWithSettingsFlowId,
  createLoginFlow,
  csrfToken,
  flowIdFromUrl,
  logout,
  submitLoginFlow,
} from './kratos';

describe('classifyKratosResponse', () => {
  it('sorts the answers the screens act on', () => {
    const f = loginFlow();
    expect(classifyKratosResponse(200, { session: {} })).toEqual({ kind: 'ok', status: 200, data: { session: {} } });
    expect(classifyKratosResponse(400, f)).toEqual({ kind: 'invalid', status: 400, flow: f });
    expect(classifyKratosResponse(410, { error: { id: 'self_service_flow_expired' }, use_flow_id: 'new' })).toEqual({
      kind: 'expired',
      newFlowId: 'new',
    });
    expect(classifyKratosResponse(403, { error: { id: 'session_aal2_required' } })).toEqual({ kind: 'aal2_required' });
    expect(classifyKratosResponse(403, { error: { id: 'session_refresh_required' } })).toEqual({ kind: 'refresh_required' });
    expect(classifyKratosResponse(400, { error: { id: 'session_already_available' } })).toEqual({
      kind: 'session_already_available',
    });
    expect(
      classifyKratosResponse(422, {
        error: { id: 'browser_location_change_required' },
        redirect_browser_to: 'http://localhost/.ory/self-service/settings?flow=set-1',
      }),
    ).toEqual({ kind: 'redirect', to: 'http://localhost/.ory/self-service/settings?flow=set-1', flowId: 'set-1' });
    expect(classifyKratosResponse(401, { error: { id: 'session_inactive' } })).toEqual({ kind: 'unauthorized' });
    expect(classifyKratosResponse(500, undefined)).toEqual({ kind: 'failed', status: 500 });
    expect(classifyKratosResponse(400, { error: { id: 'security_csrf_violation', code: 400, message: 'English' } })).toEqual({
      kind: 'failed',
      status: 400,
      errorId: 'security_csrf_violation',
    });
  });

  it("passes on the Go server's Dutch rate-limit message, with a Dutch fallback", () => {
    expect(classifyKratosResponse(429, { error: { code: 'rate_limited', message: 'Te veel pogingen. Wacht 1 minuut.' } })).toEqual({
      kind: 'rate_limited',
      message: 'Te veel pogingen. Wacht 1 minuut.',
    });
    expect(classifyKratosResponse(429, undefined)).toEqual({
      kind: 'rate_limited',
      message: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
    });
  });
});

describe("the Go server's own errors", () => {
  it('keeps its Dutch message (e.g. Kratos unreachable behind the proxy)', () => {
    expect(
      classifyKratosResponse(502, { error: { code: 'identity_unavailable', message: 'Inloggen is op dit moment niet mogelijk.' } }),
    ).toEqual({ kind: 'failed', status: 502, message: 'Inloggen is op dit moment niet mogelijk.' });
  });
});

describe('requests', () => {
  it('asks Kratos for JSON with the cookies, and finds the CSRF token in the flow', async () => {
    const { fetchFn, calls } = createFetchMock({ [`GET ${KRATOS.loginBrowser}`]: { body: loginFlow('f1') } });
    const created = await createLoginFlow({ aal2: true, refresh: true }, fetchFn);
    expect(calls[0]?.url).toBe('/.ory/self-service/login/browser?aal=aal2&refresh=true');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    expect(calls[0]?.credentials).toBe('same-origin');
    expect(created.kind === 'ok' && csrfToken(created.data as ReturnType<typeof loginFlow>)).toBe('csrf-123');
  });

  it('posts a login step as JSON to the flow', async () => {
    const { fetchFn, calls } = createFetchMock({ [`POST ${KRATOS.login}`]: { body: { session: { id: 's' } } } });
    await submitLoginFlow('f 1', { method: 'totp', totp_code: '123456', csrf_token: 'c' }, fetchFn);
    expect(calls[0]?.url).toBe('/.ory/self-service/login?flow=f%201');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ method: 'totp', totp_code: '123456', csrf_token: 'c' });
  });

  it('treats a 200 without a flow as a failure when a flow was asked for', async () => {
    const { fetchFn } = createFetchMock({ [`GET ${KRATOS.loginBrowser}`]: { body: { not: 'a flow' } } });
    expect((await createLoginFlow({}, fetchFn)).kind).toBe('failed');
  });
});

describe('logout', () => {
  it('fetches a logout token and uses it', async () => {
    const { fetchFn, calls } = createFetchMock(LOGOUT_OK);
    expect(await logout(fetchFn)).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/.ory/self-service/logout/browser', '/.ory/self-service/logout?token=tok%20en']);
  });

  it('counts "no session" as logged out', async () => {
    const { fetchFn, calls } = createFetchMock({ [`GET ${KRATOS.logoutBrowser}`]: { status: 401, body: { error: { id: 'session_inactive' } } } });
    expect(await logout(fetchFn)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('fails when Kratos fails or cannot be reached', async () => {
    expect(await logout(createFetchMock({ [`GET ${KRATOS.logoutBrowser}`]: { status: 500 } }).fetchFn)).toBe(false);
    expect(await logout(createFetchMock({ [`GET ${KRATOS.logoutBrowser}`]: new TypeError('offline') }).fetchFn)).toBe(false);
    expect(await logout(createFetchMock({ ...LOGOUT_OK, [`GET ${KRATOS.logout}`]: { status: 500 } }).fetchFn)).toBe(false);
  });
});

describe('helpers', () => {
  it('reads flow ids from URLs and continue_with', () => {
    expect(flowIdFromUrl('/wachtwoord-vergeten?flow=abc')).toBe('abc');
    expect(flowIdFromUrl('')).toBeUndefined();
    expect(
      continueWithSettingsFlowId({
        continue_with: [{ action: 'set_ory_session_token' }, { action: 'show_settings_ui', flow: { id: 'set-9', url: '' } }],
      }),
    ).toBe('set-9');
    expect(continueWithSettingsFlowId({})).toBeUndefined();
  });
});

describe('classifyKratosResponse: 422 redirects that ask something of the session', () => {
  const redirect = (to: string) =>
    classifyKratosResponse(422, { error: { id: 'browser_location_change_required' }, redirect_browser_to: to });

  it('reads aal=aal2 and refresh=true from the target once, here', () => {
    expect(redirect('http://localhost/.ory/self-service/login/browser?aal=aal2')).toEqual({ kind: 'aal2_required' });
    expect(redirect('http://localhost/.ory/self-service/login/browser?refresh=true&return_to=x')).toEqual({
      kind: 'refresh_required',
    });
  });

  it('does not mistake a return_to that mentions aal2 for the aal2 login', () => {
    expect(redirect('http://localhost/admin?return_to=%2Fx%3Faal%3Daal2')).toEqual({
      kind: 'redirect',
      to: 'http://localhost/admin?return_to=%2Fx%3Faal%3Daal2',
    });
  });
});
