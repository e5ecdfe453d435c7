/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { emitRoutes } from './vite-emit-routes.ts';
import { currentYearNL } from './src/lib/calendar.ts';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), isSsrBuild ? null : emitRoutes(routesFile)],
  define: {
    // The year the prerendered HTML was made with; the footer hydrates with it (Footer.tsx).
    __BUILD_YEAR__: JSON.stringify(currentYearNL()),
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
