/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), isSsrBuild ? null : emitRoutes()],
  define: {
    // The year the prerendered HTML was made with; the footer hydrates with it (Footer.tsx).
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the renderer scripts/prerender.mjs runs.
        outDir: 'dist-ssr',
        emptyOutDir: true,
        sourcemap: false,
        // Dependencies (React, React Router) stay external and load from node_modules.
        target: 'node20',
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // dist/.vite/manifest.json: which chunks and styles each page needs (prerender, bench-web).
        manifest: true,
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
}));
