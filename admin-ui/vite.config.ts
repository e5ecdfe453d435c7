/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { emitRoutes } from '../portal-ui/vite-emit-routes.ts';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

/**
 * The sign-in logic (Kratos flows, the access guard's state machine, /api/v1/me, toasts) is the
 * same for the console and the portal. It lives once, in portal-ui/src/auth; the console imports
 * it as @shared-auth. React and React Router are deduplicated so that those files use the
 * console's React and router (one router context). The dev server may read only the shared
 * sources, not the rest of the repository.
 */
const sharedAuth = fileURLToPath(new URL('../portal-ui/src/auth', import.meta.url));
const sharedAuthFixtures = fileURLToPath(new URL('../portal-ui/src/test/authFixtures.ts', import.meta.url));
const sharedConfig = fileURLToPath(new URL('../portal-ui/src/config.ts', import.meta.url));
// The product calendar (Europe/Amsterdam business dates) is one module for both apps.
const sharedCalendar = fileURLToPath(new URL('../portal-ui/src/lib/calendar.ts', import.meta.url));
// The live stream of job changes (GET /api/v1/events): the same hook on the dashboards of both apps.
const sharedEvents = fileURLToPath(new URL('../portal-ui/src/lib/klusEvents.ts', import.meta.url));
// The API's request and response types, generated from the OpenAPI document (make api-types).
const sharedApiTypes = fileURLToPath(new URL('../portal-ui/src/api/types.ts', import.meta.url));

export default defineConfig({
  // Assets are served from /admin/assets/ for both /admin/* and /franchise/* pages.
  base: '/admin/',
  plugins: [react(), emitRoutes(routesFile)],
  resolve: {
    alias: [
      { find: /^@shared-auth-test$/, replacement: sharedAuthFixtures },
      { find: /^@shared-config$/, replacement: sharedConfig },
      { find: /^@shared-calendar$/, replacement: sharedCalendar },
      { find: /^@shared-events$/, replacement: sharedEvents },
      { find: /^@shared-events-test$/, replacement: fileURLToPath(new URL('../portal-ui/src/lib/fakeEventSource.ts', import.meta.url)) },
      { find: /^@shared-api-types$/, replacement: sharedApiTypes },
      { find: /^@shared-auth\/(.*)$/, replacement: `${sharedAuth}/$1` },
    ],
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom'],
  },
  server: { fs: { allow: ['.', '../portal-ui/src', '../portal-ui/node_modules'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin with MUI is about 840 kB minified (270 kB gzip) in one chunk; that is expected.
    chunkSizeWarningLimit: 1000,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Most tests render the whole console (router, react-admin, a lazy page) and fill forms: a few
    // seconds on this machine, more under the load of a full \`make test\`. 5 s was not enough there.
    testTimeout: 20_000,
  },
});
