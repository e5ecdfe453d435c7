import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetBrowserState } from '@klusmaat/shared-ui/test/resetBrowser';

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

// Tests of downloads replace URL's object-URL functions (jsdom has none); the next test gets back
// what was there before.
const objectURLs = (['createObjectURL', 'revokeObjectURL'] as const).map((name) => [name, Reflect.get(URL, name)] as const);

// The test files share their workers' modules and window (isolate: false in vite.config.ts): every
// test leaves no rendered tree and the browser state as it found it (resetBrowserState).
afterEach(() => {
  cleanup();
  resetBrowserState();
  for (const [name, original] of objectURLs) {
    if (original === undefined) Reflect.deleteProperty(URL, name);
    else Reflect.set(URL, name, original);
  }
});
