/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// Vite bundles a config's relative imports but leaves package imports to Node, which cannot load
// the shared package's TypeScript: so the config takes its plugin by path (the app's sources use
// the package name).
import { emitRoutes } from '../shared-ui/vite-emit-routes.ts';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

// The sign-in logic (Kratos flows, the access guard, /api/v1/me, toasts), the HTTP client, the
// product calendar, the live job events and the API types are the workspace package
// @klusmaat/shared-ui (../shared-ui), which the portal uses too. npm links it into the root
// node_modules beside one hoisted React and React Router, so there is one router context.
export default defineConfig({
  // Assets are served from /admin/assets/ for both /admin/* and /franchise/* pages.
  base: '/admin/',
  plugins: [react(), emitRoutes(routesFile)],
  // The dev server may read the console, the shared package and the installed packages, not the
  // rest of the repository (Vite's default would be the whole workspace root).
  server: { fs: { allow: ['.', '../shared-ui', '../node_modules'] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin with MUI is about 840 kB minified (270 kB gzip) in one chunk; that is expected.
    chunkSizeWarningLimit: 1000,
    // No gzip of every chunk for the size report (CPU on each build; bench-web measures sizes).
    reportCompressedSize: false,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Most tests render the whole console (router, react-admin, a lazy page) and fill forms: a few
    // seconds on this machine, more under the load of a full \`make test\` or of other work on the
    // machine (one test took 23 s there). The limit only catches a test that hangs.
    testTimeout: 60_000,
    // One test file per core: Vitest's default leaves one core to itself, which on a two-core
    // machine runs the files one at a time while its main process mostly waits.
    maxWorkers: '100%',
    // Worker threads, not child processes: the same tests for about 5 % less CPU (no process
    // start per worker, no messages between processes).
    pool: 'threads',
    // A worker keeps the modules it imported for its next test file (React, MUI, react-admin, the
    // pages) instead of importing them again for each: the same tests for about a third less time.
    // src/test/setup.ts resets what a test could leave behind for the next file.
    isolate: false,
  },
});
