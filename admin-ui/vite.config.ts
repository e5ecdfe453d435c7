/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

/**
 * The sign-in logic (Kratos flows, the access guard's state machine, /api/v1/me, toasts) is the
 * same for the console and the portal. It lives once, in portal-ui/src/auth; the console imports
 * it as @shared-auth. React is deduplicated so that those files use the console's React.
 */
const sharedAuth = fileURLToPath(new URL('../portal-ui/src/auth', import.meta.url));
const sharedAuthFixtures = fileURLToPath(new URL('../portal-ui/src/test/authFixtures.ts', import.meta.url));

/**
 * Emits src/routes.json into dist/routes.json. The Go server reads that file
 * to decide whether a path is a page of this app (200) or unknown (404), see D21.
 * Only literal segments and ":param" segments are allowed, so that the server
 * can match them without a full React Router implementation.
 */
function emitRoutes(): Plugin {
  return {
    name: 'klusmaat-emit-routes',
    buildStart() {
      this.addWatchFile(routesFile);
    },
    generateBundle() {
      const routes: unknown = JSON.parse(readFileSync(routesFile, 'utf8'));
      if (!Array.isArray(routes) || routes.length === 0) {
        this.error('src/routes.json must be a non-empty array of route patterns');
      }
      for (const route of routes as unknown[]) {
        if (typeof route !== 'string' || !/^\/(?:(?::?[A-Za-z0-9_-]+)(?:\/(?::?[A-Za-z0-9_-]+))*)?$/.test(route)) {
          this.error(`src/routes.json: invalid route pattern ${JSON.stringify(route)}`);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  // Assets are served from /admin/assets/ for both /admin/* and /franchise/* pages.
  base: '/admin/',
  plugins: [react(), emitRoutes()],
  resolve: {
    alias: [
      { find: /^@shared-auth-test$/, replacement: sharedAuthFixtures },
      { find: /^@shared-auth\/(.*)$/, replacement: `${sharedAuth}/$1` },
    ],
    dedupe: ['react', 'react-dom'],
  },
  server: { fs: { allow: ['..'] } },
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
  },
});
