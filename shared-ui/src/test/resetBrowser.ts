import { vi } from 'vitest';
import { clearToasts } from '../auth/toastStore';

/**
 * Leaves the browser state a test could hand to the next one as a new page has it: no toasts,
 * empty local and session storage, the address at /, real timers. The test files of the three
 * packages share their workers' modules and window (isolate: false), so each setup file calls
 * this after every test, beside testing-library's cleanup().
 */
export function resetBrowserState(): void {
  clearToasts();
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  }
  vi.useRealTimers();
}
