import { HttpError } from 'react-admin';
import { record } from '@klusmaat/shared-ui/auth/api';
import { ActionError } from '../api/action';

/**
 * What a failed read or save of the data provider (an HttpError with the API's body) or of a
 * custom action (an ActionError) says: its status (0: no answer), the server's message and its
 * field messages ({"error": {"fields": {"naam": "..."}}}), so that a form shows them at its fields.
 */
export function recordError(e: unknown): { status: number; message: string; fields: Record<string, string> } {
  if (e instanceof ActionError) return { status: e.status, message: e.message, fields: e.fields };
  if (e instanceof HttpError) {
    const fields: Record<string, string> = {};
    const raw = record(record(record(e.body)?.['error'])?.['fields']);
    for (const [k, v] of Object.entries(raw ?? {})) if (typeof v === 'string') fields[k] = v;
    return { status: e.status, message: e.message, fields };
  }
  return { status: 0, message: e instanceof Error ? e.message : '', fields: {} };
}

/**
 * A save's refusal as the toasts of section 8 say it: a 4xx in the server's words, anything else
 * as the action's failure with the reason after it (the same rule as api/action.ts failureText).
 */
export function saveFailure(e: unknown, failure: string): string {
  const { status, message } = recordError(e);
  if (status >= 400 && status < 500 && message !== '') return message;
  if (message === '') return failure;
  return message.startsWith(failure) ? message : `${failure}: ${message}`;
}
