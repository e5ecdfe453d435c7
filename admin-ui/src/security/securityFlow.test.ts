// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createFetchMock, KRATOS, uiText } from '@klusmaat/shared-ui/test/authFixtures';
import { codesNode, lookupNew, lookupNone, lookupSaved, QR, settingsFlow, totpEnabledNodes, totpSetupNodes } from '../test/securityFixtures';
import { loadSecurityFlow, readRecoveryCodes, readSecurityView, runSecurityAction, settingsBody } from './securityFlow';

describe('readSecurityView', () => {
  it('reads the TOTP setup: QR image and secret', () => {
    expect(readSecurityView(settingsFlow([...totpSetupNodes(), ...lookupNone()]))).toEqual({
      totp: { state: 'setup', qr: QR, secret: 'JBSWY3DPEHPK3PXP' },
      lookup: { codes: null, mustConfirm: false, canRegenerate: true, canReveal: false, canDisable: false },
    });
  });

  it('reads an enabled TOTP and saved recovery codes', () => {
    expect(readSecurityView(settingsFlow([...totpEnabledNodes(), ...lookupSaved()]))).toEqual({
      totp: { state: 'enabled' },
      lookup: { codes: null, mustConfirm: false, canRegenerate: false, canReveal: true, canDisable: true },
    });
  });

  it('reads new codes that still need confirming', () => {
    const view = readSecurityView(settingsFlow(lookupNew(['aaaa1111', 'bbbb2222'])));
    expect(view.lookup).toMatchObject({
      codes: [
        { code: 'aaaa1111', used: false },
        { code: 'bbbb2222', used: false },
      ],
      mustConfirm: true,
    });
  });
});

describe('readRecoveryCodes', () => {
  it('marks used codes', () => {
    expect(readRecoveryCodes(codesNode(['key-0', null, 'key-2']))).toEqual([
      { code: 'key-0', used: false },
      { code: '', used: true },
      { code: 'key-2', used: false },
    ]);
  });

  it('falls back to the text when there is no context', () => {
    const node = codesNode([]);
    node.attributes.text = { id: 1050015, type: 'info', text: 'abc, used, def' };
    expect(readRecoveryCodes(node)).toEqual([
      { code: 'abc', used: false },
      { code: '', used: true },
      { code: 'def', used: false },
    ]);
  });
});

describe('settingsBody', () => {
  const f = settingsFlow([]);
  it.each([
    [{ kind: 'totp_enable', code: ' 123 456 ' } as const, { method: 'totp', totp_code: '123456', csrf_token: 'csrf-123' }],
    [{ kind: 'totp_disable' } as const, { method: 'totp', totp_unlink: true, csrf_token: 'csrf-123' }],
    [{ kind: 'codes_generate' } as const, { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token: 'csrf-123' }],
    [{ kind: 'codes_confirm' } as const, { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token: 'csrf-123' }],
    [{ kind: 'codes_reveal' } as const, { method: 'lookup_secret', lookup_secret_reveal: true, csrf_token: 'csrf-123' }],
    [{ kind: 'codes_disable' } as const, { method: 'lookup_secret', lookup_secret_disable: true, csrf_token: 'csrf-123' }],
  ])('%j is sent as %j', (action, body) => {
    expect(settingsBody(action, f)).toEqual(body);
  });
});

describe('runSecurityAction', () => {
  it('posts the TOTP code to the flow that showed the QR code', async () => {
    const done = settingsFlow(totpEnabledNodes(), { state: 'success' });
    const mock = createFetchMock({ [`POST ${KRATOS.settings}`]: { body: done } });
    const result = await runSecurityAction(settingsFlow(totpSetupNodes()), { kind: 'totp_enable', code: '123456' }, mock.fetchFn);
    expect(mock.calls[0]?.url).toBe('/.ory/self-service/settings?flow=set-1');
    expect(mock.calls[0]?.body).toEqual({ method: 'totp', totp_code: '123456', csrf_token: 'csrf-123' });
    expect(result).toMatchObject({ kind: 'ok', flow: done });
  });

  it('reports a wrong TOTP code on the code field', async () => {
    const retry = settingsFlow(totpSetupNodes([uiText(4000008)]));
    const mock = createFetchMock({ [`POST ${KRATOS.settings}`]: { status: 400, body: retry } });
    expect(await runSecurityAction(settingsFlow(totpSetupNodes()), { kind: 'totp_enable', code: '000000' }, mock.fetchFn)).toEqual({
      kind: 'error',
      message: 'De code is onjuist. Probeer het opnieuw.',
      flow: retry,
      field: 'totp_code',
    });
  });

  it.each([
    [{ status: 403, body: { error: { id: 'session_refresh_required' } } }, { kind: 'refresh' }],
    [{ status: 403, body: { error: { id: 'session_aal2_required' } } }, { kind: 'second_factor' }],
    [{ status: 401, body: { error: { id: 'session_inactive' } } }, { kind: 'login' }],
  ])('turns session problems into where to go (%j)', async (answer, expected) => {
    const mock = createFetchMock({ [`POST ${KRATOS.settings}`]: answer });
    expect(await runSecurityAction(settingsFlow([]), { kind: 'totp_disable' }, mock.fetchFn)).toEqual(expected);
  });

  it('loads a fresh flow when the old one expired', async () => {
    const fresh = settingsFlow(totpSetupNodes(), { id: 'set-2' });
    const mock = createFetchMock({
      [`POST ${KRATOS.settings}`]: { status: 410, body: { error: { id: 'self_service_flow_expired' } } },
      [`GET ${KRATOS.settingsBrowser}`]: { body: fresh },
    });
    expect(await runSecurityAction(settingsFlow([]), { kind: 'totp_enable', code: '1' }, mock.fetchFn)).toEqual({
      kind: 'error',
      message: 'Deze pagina was te lang open en is vernieuwd. Probeer het opnieuw.',
      flow: fresh,
    });
  });
});

describe('loadSecurityFlow', () => {
  it('continues the flow named in the URL, else starts a new one', async () => {
    const named = settingsFlow(totpEnabledNodes(), { id: 'set-7' });
    const fresh = settingsFlow(totpSetupNodes(), { id: 'set-8' });
    const mock = createFetchMock({
      [`GET ${KRATOS.settingsFlows}?id=set-7`]: { body: named },
      [`GET ${KRATOS.settingsFlows}?id=weg`]: { status: 404, body: { error: { id: 'not_found', code: 404 } } },
      [`GET ${KRATOS.settingsBrowser}`]: { body: fresh },
    });
    expect(await loadSecurityFlow(mock.fetchFn, 'set-7')).toEqual({ kind: 'ok', flow: named });
    expect(await loadSecurityFlow(mock.fetchFn, 'weg')).toEqual({ kind: 'ok', flow: fresh });
    expect(await loadSecurityFlow(mock.fetchFn)).toEqual({ kind: 'ok', flow: fresh });
  });
});
