import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetBrowserState } from './resetBrowser';

// findBy and waitFor wait up to 5 s (not 1 s): make test runs Vitest beside the Go tests.
configure({ asyncUtilTimeout: 5000 });

// Hook tests (renderHook) mount components; unmount them after each test as the apps' setups do.
// The test files share their workers' modules and window (isolate: false in vitest.config.ts), so
// every test also leaves the browser state as it found it (resetBrowserState).
afterEach(() => {
  cleanup();
  resetBrowserState();
});
