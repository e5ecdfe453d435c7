import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';

// findBy and waitFor wait up to 5 s (not 1 s): make test runs Vitest beside the Go tests on two
// cores, where a page that answers in milliseconds here can take a second or more to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};

// The test files share their workers' modules and window (isolate: false in vite.config.ts), so
// every test leaves the browser state it found: no rendered tree, no toasts, no stored values, the
// address back at /, real timers.
afterEach(() => {
  cleanup();
  clearToasts();
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  }
  vi.useRealTimers();
});
