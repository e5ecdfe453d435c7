import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetBrowserState } from '@klusmaat/shared-ui/test/resetBrowser';

// findBy and waitFor wait up to 5 s (not 1 s): make test runs Vitest beside the Go tests on two
// cores, where a page that answers in milliseconds here can take a second or more to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};

// The test files share their workers' modules and window (isolate: false in vite.config.ts): every
// test leaves no rendered tree and the browser state as it found it (resetBrowserState).
afterEach(() => {
  cleanup();
  resetBrowserState();
});
