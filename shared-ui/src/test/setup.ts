import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Hook tests (renderHook) mount components; unmount them after each test as the apps' setups do.
afterEach(() => {
  cleanup();
});
