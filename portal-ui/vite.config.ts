/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { emitRoutes } from './vite-emit-routes.ts';
import { currentYearNL } from './src/lib/calendar.ts';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    isSsrBuild ? null : emitRoutes(routesFile),
    // The klusser portal's service worker, dist/sw.js (src/pages/klusser/pwa/sw.ts). No manifest
    // or registration is injected into index.html: only the klusser pages link
    // public/klusser.webmanifest and register the worker, so the public site stays as it was.
    isSsrBuild
      ? null
      : VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src/pages/klusser/pwa',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: {
            // Hashed scripts and styles, and the app icons. No HTML: the server fills it in (D19).
            globPatterns: ['assets/**/*.{js,css}', 'klusser-*.png', 'klusser.webmanifest'],
            rollupFormat: 'iife',
          },
        }),
  ],
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
