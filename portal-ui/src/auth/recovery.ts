/**
 * Password recovery without UI: Kratos's recovery flow with the "code" method (an e-mail with a
 * code), followed by the settings flow in which the user chooses a new password.
 *
 *   e-mail ──POST {method: code, email}──► code ──POST {method: code, code}──► new password
 *          (flow state sent_email)              (422 redirect or continue_with: settings flow)
 *   new password ──POST settings {method: password, password}──► done (the user is signed in)
 */
import { fetchMe, type FetchLike } from '@klusmaat/shared-ui/auth/api';
import {
  allMessages,
  continueWithSettingsFlowId,
  createRecoveryFlow,
  csrfToken,
  flowOf,
  getRecoveryFlow,
  getSettingsFlow,
  logout,
  submitRecoveryFlow,
  submitSettingsFlow,
  type KratosFlow,
  type KratosOutcome,
} from '@klusmaat/shared-ui/auth/kratos';
import { errorTexts, FLOW_TEXTS, flowErrorMessage, outcomeMessage } from '@klusmaat/shared-ui/auth/kratosMessages';
import { PATHS, staffDestination } from '@klusmaat/shared-ui/auth/roles';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';

export const RECOVERY_TEXTS = {
  startFailed: 'Het lukte niet om het herstellen te starten. Probeer het opnieuw.',
  sendFailed: 'Het versturen van de e-mail is niet gelukt. Probeer het opnieuw.',
  missingEmail: 'Vul uw e-mailadres in.',
  missingCode: 'Vul de code uit de e-mail in.',
  codeFailed: FLOW_TEXTS.recoveryCodeFailed,
  missingPassword: 'Vul een nieuw wachtwoord in.',
  passwordFailed: 'Het opslaan van uw nieuwe wachtwoord is niet gelukt. Probeer het opnieuw.',
  restart: FLOW_TEXTS.recoveryExpired,
} as const;

export type StepResult<T> = ({ kind: 'ok' } & T) | { kind: 'error'; message: string; flow?: KratosFlow };

/** A refused step: Kratos's message for it (fallback when it gave none), with the flow it answered to go on with. */
function refused(outcome: KratosOutcome, fallback: string): StepResult<never> {
  const next = flowOf(outcome);
  if (next === undefined) return { kind: 'error', message: outcomeMessage(outcome, fallback) };
  return { kind: 'error', message: flowErrorMessage(next, fallback), flow: next };
}

/** The flow that was asked for, or the message why there is none (fallback when Kratos gave none). */
function loaded(outcome: KratosOutcome, fallback: string): StepResult<{ flow: KratosFlow }> {
  const flow = outcome.kind === 'ok' ? flowOf(outcome) : undefined;
  return flow === undefined ? { kind: 'error', message: outcomeMessage(outcome, fallback) } : { kind: 'ok', flow };
}

/** A new recovery flow. A session that exists is ended first: Kratos refuses recovery with one. */
export async function startRecovery(fetchFn?: FetchLike): Promise<StepResult<{ flow: KratosFlow }>> {
  let created = await createRecoveryFlow(fetchFn);
  if (created.kind === 'session_already_available') {
    await logout(fetchFn);
    created = await createRecoveryFlow(fetchFn);
  }
  return loaded(created, RECOVERY_TEXTS.startFailed);
}

/** Asks Kratos to e-mail a code. Kratos answers the same for unknown addresses (no account enumeration). */
export async function sendRecoveryCode(
  flow: KratosFlow,
  email: string,
  fetchFn?: FetchLike,
): Promise<StepResult<{ flow: KratosFlow }>> {
  const outcome = await submitRecoveryFlow(flow.id, { method: 'code', email: email.trim(), csrf_token: csrfToken(flow) }, fetchFn);
  const next = flowOf(outcome);
  if (outcome.kind === 'ok' && next !== undefined && errorTexts(allMessages(next)).length === 0) {
    return { kind: 'ok', flow: next };
  }
  if (outcome.kind === 'expired') {
    const fresh = await startRecovery(fetchFn);
    return fresh.kind === 'ok'
      ? { kind: 'error', message: TEXTS.flowExpired, flow: fresh.flow }
      : { kind: 'error', message: fresh.message };
  }
  return refused(outcome, RECOVERY_TEXTS.sendFailed);
}

/** Sends the code from the e-mail. On success Kratos hands over a settings flow for the new password. */
export async function verifyRecoveryCode(
  flow: KratosFlow,
  code: string,
  fetchFn?: FetchLike,
): Promise<StepResult<{ settingsFlowId: string }>> {
  const outcome = await submitRecoveryFlow(
    flow.id,
    { method: 'code', code: code.replace(/\s+/g, ''), csrf_token: csrfToken(flow) },
    fetchFn,
  );
  if (outcome.kind === 'redirect' && outcome.flowId !== undefined) return { kind: 'ok', settingsFlowId: outcome.flowId };
  if (outcome.kind === 'ok') {
    const settingsFlowId = continueWithSettingsFlowId(outcome.data);
    if (settingsFlowId !== undefined) return { kind: 'ok', settingsFlowId };
  }
  if (outcome.kind === 'expired') return { kind: 'error', message: RECOVERY_TEXTS.restart };
  return refused(outcome, RECOVERY_TEXTS.codeFailed);
}

/** The settings flow for the new password, by its id. */
export async function loadSettingsFlow(id: string, fetchFn?: FetchLike): Promise<StepResult<{ flow: KratosFlow }>> {
  return loaded(await getSettingsFlow(id, fetchFn), RECOVERY_TEXTS.restart);
}

/** A recovery flow named in the URL (?flow=...), e.g. from the link in the e-mail. */
export async function loadRecoveryFlow(id: string, fetchFn?: FetchLike): Promise<StepResult<{ flow: KratosFlow }>> {
  return loaded(await getRecoveryFlow(id, fetchFn), RECOVERY_TEXTS.restart);
}

/** Saves the new password in the settings flow. */
export async function saveNewPassword(
  flow: KratosFlow,
  password: string,
  fetchFn?: FetchLike,
): Promise<StepResult<object>> {
  const outcome = await submitSettingsFlow(flow.id, { method: 'password', password, csrf_token: csrfToken(flow) }, fetchFn);
  const next = flowOf(outcome);
  if (outcome.kind === 'ok' && (next === undefined || errorTexts(allMessages(next)).length === 0)) return { kind: 'ok' };
  // Kratos asks the browser to move on only after the change was saved.
  if (outcome.kind === 'redirect') return { kind: 'ok' };
  if (outcome.kind === 'expired' || outcome.kind === 'refresh_required' || outcome.kind === 'unauthorized') {
    return { kind: 'error', message: RECOVERY_TEXTS.restart };
  }
  return refused(outcome, RECOVERY_TEXTS.passwordFailed);
}

/** Where "Verder" leads after the new password: the user's own area, or the portal chooser. */
export async function destinationAfterRecovery(fetchFn?: FetchLike): Promise<string> {
  const result = await fetchMe(fetchFn);
  return (result.kind === 'ok' ? staffDestination(result.me) : null) ?? PATHS.portals;
}
