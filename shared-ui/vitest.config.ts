import { defineConfig } from 'vitest/config';

// The shared package's own tests (npm test -w @klusmaat/shared-ui): the sign-in code, the
// calendar and the site configuration, in the same jsdom environment as the apps' tests.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // make test runs Vitest beside the Go tests on two cores: a test may take a few seconds there.
    testTimeout: 20_000,
    // A worker keeps the modules it imported for its next test file, as in the apps' tests; the
    // setup resets what a test could leave behind.
    isolate: false,
  },
});
