/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// Vite bundles a config's relative imports but leaves package imports to Node, which cannot load
// the shared package's TypeScript: so the config takes these by path (the sources use the package
// name, @klusmaat/shared-ui).
import { emitRoutes } from '../shared-ui/vite-emit-routes.ts';
import { currentYearNL } from '../shared-ui/src/calendar.ts';

const routesFile = fileURLToPath(new URL('./src/routes.json', import.meta.url));
const staticEntry = fileURLToPath(new URL('./src/static-main.tsx', import.meta.url));
const staticRouter = fileURLToPath(new URL('./src/static/router.tsx', import.meta.url));

/**
 * The static pages' bundle runs the same React components on Preact's React-compatible runtime
 * (preact/compat, about 8 kB gzip) instead of React DOM (about 64 kB gzip by itself): issue 44's
 * budget for the request wizard's first load is 60 kB. The sources, their tests, the prerendering
 * (entry-server.tsx) and the app (src/main.tsx: sign-in pages, klusser portal, status link) stay on
 * React; the browser tests run the pages as built. Everything in the static bundle that imports
 * React (the pages, the layout, @klusmaat/shared-ui) gets Preact's version of it.
 */
const preactForReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/**
 * Three builds (npm run build):
 *   vite build                             the app (src/main.tsx): every page, with React Router
 *   vite build --mode static               the script of the prerendered pages (src/static-main.tsx):
 *                                          those pages hydrated without React Router, whose import
 *                                          resolves to src/static/router.tsx here, and on Preact
 *                                          (preactForReact, above); into the same
 *                                          dist/, with its own dist/.vite/static-manifest.json
 *   vite build --ssr src/entry-server.tsx  the renderer that scripts/prerender.mjs runs
 */
export default defineConfig(({ isSsrBuild, mode }) => {
  const staticBuild = !isSsrBuild && mode === 'static';
  const appBuild = !isSsrBuild && !staticBuild;
  return {
    plugins: [
      react(),
      appBuild ? emitRoutes(routesFile) : null,
      // The klusser portal's service worker, dist/sw.js (src/pages/klusser/pwa/sw.ts). No manifest
      // or registration is injected into index.html: only the klusser pages link
      // public/klusser.webmanifest and register the worker, so the public site stays as it was.
      appBuild
        ? VitePWA({
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
          })
        : null,
    ],
    define: {
      // The year the prerendered HTML was made with; the footer hydrates with it (Footer.tsx).
      __BUILD_YEAR__: JSON.stringify(currentYearNL()),
    },
    // The dev server may read the portal, the shared package (@klusmaat/shared-ui) and the installed
    // packages, not the rest of the repository (Vite's default would be the whole workspace root).
    server: { fs: { allow: ['.', '../shared-ui', '../node_modules'] } },
    resolve: staticBuild ? { alias: [{ find: /^react-router$/, replacement: staticRouter }, ...preactForReact] } : undefined,
    // Each build: reportCompressedSize off, no gzip of every chunk for Vite's size report (CPU on
    // every build; scripts/compress.mjs and bench-web measure what is served).
    build: isSsrBuild
      ? {
          // `vite build --ssr src/entry-server.tsx`: the renderer scripts/prerender.mjs runs.
          outDir: 'dist-ssr',
          emptyOutDir: true,
          sourcemap: false,
          reportCompressedSize: false,
          // Dependencies (React, React Router) stay external and load from node_modules.
          target: 'node20',
        }
      : staticBuild
        ? {
            // Beside the app's files (after it: the app's build empties dist/); hashed names.
            outDir: 'dist',
            emptyOutDir: false,
            sourcemap: false,
            reportCompressedSize: false,
            manifest: '.vite/static-manifest.json',
            rollupOptions: { input: staticEntry },
          }
        : {
            outDir: 'dist',
            emptyOutDir: true,
            sourcemap: false,
            reportCompressedSize: false,
            // dist/.vite/manifest.json: which chunks and styles each page needs (prerender, bench-web).
            manifest: true,
          },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // make test runs Vitest beside the Go tests on two cores: a test may take a few seconds there.
      testTimeout: 20_000,
      // One test file per core, in worker threads: Vitest's default (cores minus one) ran the files
      // one at a time on two cores, and threads start for less CPU than child processes.
      maxWorkers: '100%',
      pool: 'threads',
      // A worker keeps the modules it imported for its next test file (React, React Router, the
      // pages) instead of importing them again for each: the same tests in about half the time.
      // src/test/setup.ts resets what a test could leave behind for the next file.
      isolate: false,
    },
  };
});
