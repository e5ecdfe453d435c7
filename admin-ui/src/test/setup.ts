import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
