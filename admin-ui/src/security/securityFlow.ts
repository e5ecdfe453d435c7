/**
 * The security settings (D15) without UI: what Kratos's settings flow offers for the
 * authenticator app (TOTP) and the recovery codes, and the requests that change them.
 *
 *   TOTP not set up:  nodes totp_qr (image, data: URL), totp_secret_key (text), totp_code (input)
 *                     -> {method: totp, totp_code}
 *   TOTP set up:      node totp_unlink -> {method: totp, totp_unlink: true}
 *   recovery codes:   lookup_secret_regenerate -> codes shown (lookup_secret_codes) with
 *                     lookup_secret_confirm -> {lookup_secret_confirm: true} saves them;
 *                     lookup_secret_reveal shows saved codes; lookup_secret_disable removes them
 *
 * Each request goes to the flow that was shown: Kratos keeps the new TOTP secret and the new
 * codes in that flow until they are confirmed.
 */
import type { FetchLike } from '@klusmaat/shared-ui/auth/api';
import {
  allMessages,
  createSettingsFlow,
  csrfToken,
  findNode,
  findNodeById,
  flowOf,
  getSettingsFlow,
  submitSettingsFlow,
  type KratosFlow,
  type KratosOutcome,
  type SettingsBody,
  type UiNode,
} from '@klusmaat/shared-ui/auth/kratos';
import { errorTexts, flowErrorMessage, outcomeMessage } from '@klusmaat/shared-ui/auth/kratosMessages';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';

export interface RecoveryCode {
  code: string;
  /** Already used to sign in; shown crossed out. */
  used: boolean;
}

export type TotpView =
  | { state: 'enabled' }
  | { state: 'setup'; qr: string | null; secret: string | null }
  | { state: 'unavailable' };

export interface LookupView {
  /** Codes on screen (after "new codes" or "show codes"), else null. */
  codes: RecoveryCode[] | null;
  /** New codes are shown and are only saved after confirming them. */
  mustConfirm: boolean;
  canRegenerate: boolean;
  canReveal: boolean;
  canDisable: boolean;
}

export interface SecurityView {
  totp: TotpView;
  lookup: LookupView;
}

function textOf(node: UiNode | undefined): string | null {
  const text = node?.attributes.text;
  if (text === undefined) return null;
  if (typeof text.text === 'string' && text.text !== '') return text.text;
  const secret = text.context?.['secret'];
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

/** The recovery codes of the lookup_secret_codes node: from its context, else from its text. */
export function readRecoveryCodes(node: UiNode | undefined): RecoveryCode[] {
  const text = node?.attributes.text;
  if (text === undefined) return [];
  const secrets = text.context?.['secrets'];
  if (Array.isArray(secrets)) {
    return secrets.flatMap((item): RecoveryCode[] => {
      const entry = item as { id?: unknown; text?: unknown; context?: { secret?: unknown } };
      // 1050014: "this code was used at ..."
      if (entry.id === 1050014) return [{ code: '', used: true }];
      const code = typeof entry.context?.secret === 'string' ? entry.context.secret : entry.text;
      return typeof code === 'string' && code !== '' ? [{ code, used: false }] : [];
    });
  }
  return (text.text ?? '')
    .split(/[,\s]+/)
    .filter((code) => code !== '')
    .map((code) => (code === 'used' ? { code: '', used: true } : { code, used: false }));
}

export function readSecurityView(flow: KratosFlow): SecurityView {
  let totp: TotpView = { state: 'unavailable' };
  if (findNode(flow, 'totp_unlink') !== undefined) totp = { state: 'enabled' };
  else if (findNode(flow, 'totp_code') !== undefined || findNodeById(flow, 'totp_qr') !== undefined) {
    const src = findNodeById(flow, 'totp_qr')?.attributes.src;
    totp = {
      state: 'setup',
      qr: typeof src === 'string' && src !== '' ? src : null,
      secret: textOf(findNodeById(flow, 'totp_secret_key')),
    };
  }
  const codesNode = findNodeById(flow, 'lookup_secret_codes');
  return {
    totp,
    lookup: {
      codes: codesNode === undefined ? null : readRecoveryCodes(codesNode),
      mustConfirm: findNode(flow, 'lookup_secret_confirm') !== undefined,
      canRegenerate: findNode(flow, 'lookup_secret_regenerate') !== undefined,
      canReveal: findNode(flow, 'lookup_secret_reveal') !== undefined,
      canDisable: findNode(flow, 'lookup_secret_disable') !== undefined,
    },
  };
}

export type SecurityAction =
  | { kind: 'totp_enable'; code: string }
  | { kind: 'totp_disable' }
  | { kind: 'codes_generate' }
  | { kind: 'codes_confirm' }
  | { kind: 'codes_reveal' }
  | { kind: 'codes_disable' };

/** The request body of each action, with the flow's CSRF token. */
export function settingsBody(action: SecurityAction, flow: KratosFlow): SettingsBody {
  const csrf_token = csrfToken(flow);
  switch (action.kind) {
    case 'totp_enable':
      return { method: 'totp', totp_code: action.code.replace(/\s+/g, ''), csrf_token };
    case 'totp_disable':
      return { method: 'totp', totp_unlink: true, csrf_token };
    case 'codes_generate':
      return { method: 'lookup_secret', lookup_secret_regenerate: true, csrf_token };
    case 'codes_confirm':
      return { method: 'lookup_secret', lookup_secret_confirm: true, csrf_token };
    case 'codes_reveal':
      return { method: 'lookup_secret', lookup_secret_reveal: true, csrf_token };
    case 'codes_disable':
      return { method: 'lookup_secret', lookup_secret_disable: true, csrf_token };
  }
}

export const SECURITY_TEXTS = {
  loadFailed: 'Uw beveiligingsinstellingen konden niet worden geladen. Probeer het opnieuw.',
  saveFailed: 'Het opslaan is niet gelukt. Probeer het opnieuw.',
  expired: 'Deze pagina was te lang open en is vernieuwd. Probeer het opnieuw.',
  missingCode: TEXTS.missingTotp,
  done: {
    totp_enable: 'Tweestapsverificatie staat aan. Maak nu ook herstelcodes aan, voor als u uw telefoon kwijt bent.',
    totp_disable: 'Tweestapsverificatie staat uit.',
    codes_generate: 'Uw nieuwe herstelcodes staan hieronder. Bewaar ze en klik dan op "Codes opslaan".',
    codes_confirm: 'Uw herstelcodes zijn opgeslagen.',
    codes_reveal: 'Uw herstelcodes staan hieronder.',
    codes_disable: 'Uw herstelcodes zijn verwijderd.',
  },
} as const;

export type SecurityResult =
  | { kind: 'ok'; flow: KratosFlow; message: string }
  /** flow: the flow to show and use next (Kratos may send a changed or a new one). */
  | { kind: 'error'; message: string; flow?: KratosFlow; field?: 'totp_code' }
  /** The session must sign in again (privileged session) ... */
  | { kind: 'refresh' }
  /** ... needs its second factor ... */
  | { kind: 'second_factor' }
  /** ... or is gone. */
  | { kind: 'login' };

function sessionProblem(outcome: KratosOutcome): SecurityResult | null {
  if (outcome.kind === 'refresh_required') return { kind: 'refresh' };
  if (outcome.kind === 'aal2_required') return { kind: 'second_factor' };
  if (outcome.kind === 'unauthorized') return { kind: 'login' };
  return null;
}

export type LoadResult = { kind: 'ok'; flow: KratosFlow } | Exclude<SecurityResult, { kind: 'ok' }>;

/**
 * A new settings flow, or the one named in the URL: Kratos sends browsers to its settings UI
 * (/admin/beveiliging?flow=...), e.g. after signing in again. An unknown or expired flow id gives
 * a new flow.
 */
export async function loadSecurityFlow(fetchFn?: FetchLike, flowId?: string | null): Promise<LoadResult> {
  if (flowId != null && flowId !== '') {
    const existing = await getSettingsFlow(flowId, fetchFn);
    const flow = existing.kind === 'ok' ? flowOf(existing) : undefined;
    if (flow !== undefined) return { kind: 'ok', flow };
    const problem = sessionProblem(existing);
    if (problem !== null) return problem;
  }
  const outcome = await createSettingsFlow(fetchFn);
  const flow = outcome.kind === 'ok' ? flowOf(outcome) : undefined;
  if (flow !== undefined) return { kind: 'ok', flow };
  return sessionProblem(outcome) ?? { kind: 'error', message: outcomeMessage(outcome, SECURITY_TEXTS.loadFailed) };
}

export async function runSecurityAction(
  flow: KratosFlow,
  action: SecurityAction,
  fetchFn?: FetchLike,
): Promise<SecurityResult> {
  const outcome = await submitSettingsFlow(flow.id, settingsBody(action, flow), fetchFn);
  const problem = sessionProblem(outcome);
  if (problem !== null) return problem;
  if (outcome.kind === 'expired') {
    const fresh = await loadSecurityFlow(fetchFn);
    return fresh.kind === 'ok' ? { kind: 'error', message: SECURITY_TEXTS.expired, flow: fresh.flow } : fresh;
  }
  const next = flowOf(outcome);
  if (next === undefined) return { kind: 'error', message: outcomeMessage(outcome, SECURITY_TEXTS.saveFailed) };
  const errors = errorTexts(allMessages(next));
  // Kratos answers "show these codes" and "saved" with the flow; only its error messages mean failure.
  if (errors.length === 0) return { kind: 'ok', flow: next, message: SECURITY_TEXTS.done[action.kind] };
  const codeError = (findNode(next, 'totp_code')?.messages ?? []).some((m) => m.type === 'error');
  const result: SecurityResult = { kind: 'error', message: flowErrorMessage(next, SECURITY_TEXTS.saveFailed), flow: next };
  return codeError || (action.kind === 'totp_enable' && errors.length > 0) ? { ...result, field: 'totp_code' } : result;
}
