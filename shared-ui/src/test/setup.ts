import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait up to 5 s (not 1 s): make test runs Vitest beside the Go tests.
configure({ asyncUtilTimeout: 5000 });

// Hook tests (renderHook) mount components; unmount them after each test as the apps' setups do.
afterEach(() => {
  cleanup();
});
