/**
 * Kratos reports problems as numbered messages with English text. The screens show Dutch instead:
 * a known id gets our Dutch text, anything else a Dutch fallback (never Kratos's English).
 *
 * Login follows the spec's rule "the server's message, or 'Inloggen mislukt' if there is none"
 * (document 1, section 8): the server's message is shown as our Dutch text for the ids below,
 * and every other login problem reads 'Inloggen mislukt'.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { allMessages, type KratosFlow, type KratosOutcome, type UiText } from './kratos';
import { TEXTS } from './texts';

/** Login problems with their own Dutch text; every other login problem is 'Inloggen mislukt'. */
export const LOGIN_MESSAGES: Readonly<Record<number, string>> = {
  4000006: 'Onjuist e-mailadres of wachtwoord.',
  4000008: 'De code is onjuist. Probeer het opnieuw.',
  // 4000012: this recovery code was used before; 4000016: it is not valid.
  4000012: 'Deze herstelcode is onjuist of al gebruikt.',
  4000016: 'Deze herstelcode is onjuist of al gebruikt.',
};

/** Texts that the screens also use on their own (outside a Kratos message). */
export const FLOW_TEXTS = {
  recoveryCodeFailed: 'De code uit de e-mail is onjuist of verlopen. Vraag een nieuwe code aan.',
  recoveryExpired: 'Deze herstelpoging is verlopen. Begin opnieuw.',
} as const;

/** Messages of the recovery and settings flows (password recovery, new password, TOTP, recovery codes). */
export const FLOW_MESSAGES: Readonly<Record<number, string>> = {
  ...LOGIN_MESSAGES,
  1050001: 'Uw wijzigingen zijn opgeslagen.',
  1060001: 'Uw code is goedgekeurd. Kies nu een nieuw wachtwoord.',
  1060003: 'Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een code.',
  4000002: 'Dit veld is verplicht.',
  4000004: 'Vul een geldig e-mailadres in.',
  4000005: 'Dit wachtwoord kan niet gebruikt worden. Kies een ander wachtwoord.',
  4000031: 'Het wachtwoord lijkt te veel op uw e-mailadres. Kies een ander wachtwoord.',
  4000032: 'Het wachtwoord is te kort.',
  4000033: 'Het wachtwoord is te lang.',
  4000034: 'Dit wachtwoord komt voor in bekende datalekken. Kies een ander wachtwoord.',
  4050001: 'Deze pagina was te lang open. Probeer het opnieuw.',
  4060002: 'Het herstellen van uw wachtwoord is al afgerond. Begin opnieuw als dat nodig is.',
  4060004: FLOW_TEXTS.recoveryCodeFailed,
  4060005: FLOW_TEXTS.recoveryExpired,
  4060006: FLOW_TEXTS.recoveryCodeFailed,
};

/** Texts that say more with the message's context (Kratos's own configuration, e.g. the minimum length). */
const WITH_CONTEXT: Readonly<Record<number, (context: Record<string, unknown>) => string | undefined>> = {
  4000032: (context) =>
    typeof context['min_length'] === 'number'
      ? `Het wachtwoord is te kort. Gebruik minstens ${context['min_length']} tekens.`
      : undefined,
};

/** Error messages only (Kratos also sends "info" and "success" texts). */
export function errorTexts(texts: readonly UiText[]): UiText[] {
  return texts.filter((t) => t.type === 'error');
}

/** The Dutch text for the first known message id, or the fallback. */
export function dutchMessage(
  texts: readonly UiText[],
  fallback: string,
  table: Readonly<Record<number, string>> = FLOW_MESSAGES,
): string {
  for (const t of texts) {
    const dutch = table[t.id];
    if (dutch === undefined) continue;
    return (t.context === undefined ? undefined : WITH_CONTEXT[t.id]?.(t.context)) ?? dutch;
  }
  return fallback;
}

/** What a failed login says: our Dutch text for a known Kratos message, else 'Inloggen mislukt'. */
export function loginErrorMessage(flow: KratosFlow | null | undefined): string {
  if (flow == null) return TEXTS.loginFailed;
  return dutchMessage(errorTexts(allMessages(flow)), TEXTS.loginFailed, LOGIN_MESSAGES);
}

/** What a failed recovery or settings step says; fallback when no message is known. */
export function flowErrorMessage(flow: KratosFlow | null | undefined, fallback: string): string {
  if (flow == null) return fallback;
  return dutchMessage(errorTexts(allMessages(flow)), fallback, FLOW_MESSAGES);
}

/**
 * What a failed Kratos call says: the network error, the Go server's rate-limit or own Dutch
 * message, our Dutch text for a known message of the flow (from table), else the fallback.
 */
export function outcomeMessage(
  outcome: KratosOutcome,
  fallback: string,
  table: Readonly<Record<number, string>> = FLOW_MESSAGES,
): string {
  switch (outcome.kind) {
    case 'network':
      return TEXTS.networkError;
    case 'rate_limited':
      return outcome.message;
    case 'failed':
      return outcome.message ?? fallback;
    case 'invalid':
      return dutchMessage(errorTexts(allMessages(outcome.flow)), fallback, table);
    default:
      return fallback;
  }
}
