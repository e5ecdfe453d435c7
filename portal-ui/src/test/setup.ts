import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor wait up to 5 s (not 1 s): make test runs Vitest beside the Go tests on two
// cores, where a page that answers in milliseconds here can take a second or more to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it.
if (typeof window !== 'undefined') window.scrollTo = () => {};

afterEach(() => {
  cleanup();
});
