/**
 * The shared machinery of the public forms (the request wizard and the klusser application):
 * the server's field messages, the invalid/describedBy/error wiring of each field, moving focus
 * after a render, and the message lines of a failed submission.
 */
import { createElement, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { SubmitResult } from '../api/public';

/** What a field needs to show its error state (spread into TextField and RadioCards). */
export interface FieldWiring {
  id: string;
  name: string;
  invalid: true | undefined;
  describedBy: (...extra: (string | false | undefined)[]) => string | undefined;
  error: ReactNode;
}

export interface FieldErrors<F extends string> {
  serverErrors: Partial<Record<F, string>>;
  /** Drops the server's message of a field (the visitor changed it). */
  clearServerError: (field: F) => void;
  clearServerErrors: () => void;
  /** Shows the server's field messages; returns the fields that have one, in `order`. */
  showServerErrors: (fields: Record<string, string>, order: readonly F[]) => F[];
  invalid: (field: F) => true | undefined;
  describedBy: (field: F, ...extra: (string | false | undefined)[]) => string | undefined;
  fieldError: (field: F) => ReactNode;
  wiring: (field: F) => FieldWiring;
}

/**
 * A field is invalid when the form's own check (`checkedFields`, whose message is the alert
 * `alertId`) or the server says so. Field ids are `${idPrefix}-${field}`, their server message
 * `${idPrefix}-${field}-fout`.
 */
export function useFieldErrors<F extends string>(
  idPrefix: string,
  alertId: string,
  checkedFields: readonly F[] | null | undefined,
): FieldErrors<F> {
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});

  const clearServerError = (field: F) => {
    if (serverErrors[field] === undefined) return;
    setServerErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };
  const clearServerErrors = () => setServerErrors({});
  const showServerErrors = (fields: Record<string, string>, order: readonly F[]) => {
    const found = order.filter((f) => fields[f] !== undefined);
    const messages: Partial<Record<F, string>> = {};
    for (const f of found) messages[f] = fields[f];
    setServerErrors(messages);
    return found;
  };

  const checked = (f: F) => checkedFields != null && checkedFields.includes(f);
  const errorId = (f: F) => `${idPrefix}-${f}-fout`;
  const invalid = (f: F) => (checked(f) || serverErrors[f] !== undefined ? true : undefined);
  const describedBy = (f: F, ...extra: (string | false | undefined)[]) =>
    [...extra, checked(f) && alertId, serverErrors[f] !== undefined && errorId(f)].filter(Boolean).join(' ') || undefined;
  const fieldError = (f: F): ReactNode =>
    serverErrors[f] === undefined ? null : createElement('p', { id: errorId(f), className: 'field-error' }, serverErrors[f]);
  const wiring = (f: F): FieldWiring => ({
    id: `${idPrefix}-${f}`,
    name: f,
    invalid: invalid(f),
    describedBy: (...extra) => describedBy(f, ...extra),
    error: fieldError(f),
  });

  return { serverErrors, clearServerError, clearServerErrors, showServerErrors, invalid, describedBy, fieldError, wiring };
}

/**
 * Focus that moves after the next render (to a field once its step shows, to the submit button,
 * ...). `resolve` finds the element of a target.
 */
export function useFocusAfterRender<T>(resolve: (target: T) => HTMLElement | null | undefined): (target: T) => void {
  const pending = useRef<{ target: T } | null>(null);
  // Before paint, so a key pressed right after the render lands where focus was meant to go.
  useLayoutEffect(() => {
    const next = pending.current;
    if (next === null) return;
    pending.current = null;
    resolve(next.target)?.focus();
  });
  return (target: T) => {
    pending.current = { target };
  };
}

/** The alert lines of a submission that failed without field messages; a 429 adds the server's message. */
export function failureLines(result: SubmitResult<unknown>, failed: string): string[] {
  return result.kind === 'rate_limited' && result.message !== undefined ? [failed, result.message] : [failed];
}
