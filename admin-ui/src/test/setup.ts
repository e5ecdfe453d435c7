import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait up to 10 s (not 1 s): the console's pages answer within a few hundred
// milliseconds here, but make test runs Vitest beside the Go tests on two cores.
configure({ asyncUtilTimeout: 10_000 });

// jsdom implements neither scrolling nor media queries; MUI and react-admin use both.
window.scrollTo = () => {};
if (typeof window.matchMedia !== 'function') {
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

afterEach(() => {
  cleanup();
});
