import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait up to 20 s (not 1 s): the console's pages answer within a few hundred
// milliseconds here, but make test runs Vitest beside the Go tests on two cores, often with other
// work. A wait ends as soon as what it waits for is there, so only a failure takes this long.
configure({ asyncUtilTimeout: 20_000 });

// jsdom implements neither scrolling nor media queries; MUI and react-admin use both. (The logic
// tests run in Node, without a window: their first line says so.)
if (typeof window !== 'undefined') window.scrollTo = () => {};
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The test files share their workers' modules and window (isolate: false in vite.config.ts), so
// every test leaves the browser state it found: no rendered tree, no stored values, the address
// back at /, real timers.
afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  }
  vi.useRealTimers();
});
