/**
 * A tiny store for toasts that outlive the screen that raised them: "Welkom terug!" after
 * signing in, "Succesvol uitgelogd" after logging out (spec section 8). A Toaster component
 * renders them in live regions.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  /** The flow the toast reports on (the work order, a payment); see showToast. */
  flow?: string;
}

export interface ToastOptions {
  /**
   * The flow the toast belongs to ('werkbon'): a newer toast of a flow takes the place of the one
   * before it, which is stale by then ('Timer hersteld' gone once 'Werkbon afgerond!' shows), so
   * that toasts never pile up over the page.
   */
  flow?: string;
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

/**
 * Shows a toast and hides it again after TOAST_DURATION_MS. Returns its id. With a flow, it
 * replaces the toast of that flow that is showing.
 */
export function showToast(message: string, kind: ToastKind = 'success', { flow }: ToastOptions = {}): number {
  const id = nextId++;
  const others = flow === undefined ? toasts : toasts.filter((t) => t.flow !== flow);
  emit([...others, flow === undefined ? { id, message, kind } : { id, message, kind, flow }]);
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

/**
 * A toast for the next page of the other app (a full page load loses this in-memory store):
 * kept in sessionStorage under this key, only the message and its kind (never a token), and
 * shown once by that app's toaster when it loads.
 */
export const NEXT_PAGE_TOAST_KEY = 'klusmaat:toast';

export function showToastOnNextPage(message: string, kind: ToastKind = 'success'): void {
  try {
    window.sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify({ message, kind }));
  } catch {
    // Storage refused (private mode, quota): the toast is a courtesy, so do without it.
  }
}

/** Shows the toast left by the previous page, once; removes it from sessionStorage. */
export function showPendingToast(): void {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    window.sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  try {
    const { message, kind } = JSON.parse(raw) as { message?: unknown; kind?: unknown };
    if (typeof message !== 'string' || message === '') return;
    showToast(message, kind === 'error' || kind === 'info' ? kind : 'success');
  } catch {
    // Not ours: ignore it.
  }
}

/**
 * What a toaster renders, in both apps: the toasts split into the two live regions that are
 * always in the page (errors in role="alert", everything else in role="status"). On its first
 * render it also shows the toast left for this page by the other app.
 */
export function useToastRegions(): { polite: Toast[]; urgent: Toast[] } {
  useEffect(() => showPendingToast(), []);
  const all = useToasts();
  return { polite: all.filter((t) => t.kind !== 'error'), urgent: all.filter((t) => t.kind === 'error') };
}
