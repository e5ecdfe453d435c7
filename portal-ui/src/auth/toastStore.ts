/**
 * A tiny store for toasts that outlive the screen that raised them: "Welkom terug!" after
 * signing in, "Succesvol uitgelogd" after logging out (spec section 8). A Toaster component
 * renders them in live regions.
 *
 * Shared with the console: admin-ui imports this folder as @shared-auth.
 */
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Long enough to read at a calm pace; every toast can also be closed by hand. */
export const TOAST_DURATION_MS = 8000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast and hides it again after TOAST_DURATION_MS. Returns its id. */
export function showToast(message: string, kind: ToastKind = 'success'): number {
  const id = nextId++;
  emit([...toasts, { id, message, kind }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** Removes every toast (tests, and a fresh start). */
export function clearToasts(): void {
  emit([]);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
