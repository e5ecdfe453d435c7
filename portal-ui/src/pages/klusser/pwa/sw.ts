/// <reference lib="webworker" />
/**
 * The klusser portal's service worker (scope /klusser/, see scope.ts): it makes the portal
 * installable and loads its app shell without a network. Built by vite-plugin-pwa
 * (injectManifest), which fills self.__WB_MANIFEST with the hashed scripts, styles and icons.
 * - Scripts and styles come from the precache (their names carry a content hash).
 * - Pages under /klusser/ go to the network first; without an answer within a few seconds the
 *   last shell the server sent is shown (D23: the app shell comes from the service worker).
 * - Nothing else is touched: /api/ answers and the /.ory/ identity proxy always go to the network
 *   and are never stored.
 * Type-checked by tsconfig.sw.json (the web worker's globals), not by the app's tsconfig.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isCacheableShell, isShellNavigation, NETWORK_TIMEOUT_SECONDS, SHELL_CACHE, SHELL_URL } from './scope';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version takes over at once: pages are network-first and the old precache stays until
// the new one is complete, so there is no old page to keep alive.
void self.skipWaiting();
clientsClaim();

registerRoute(
  ({ request, url }) => isShellNavigation(url, request.mode, self.location.origin),
  new NetworkFirst({
    cacheName: SHELL_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        // Every klusser page is the same shell: one cache entry serves them all.
        cacheKeyWillBeUsed: async () => SHELL_URL,
        cacheWillUpdate: async ({ response }) => (isCacheableShell(response) ? response : null),
      },
    ],
  }),
);

// Keep a shell from the start, so that a page never opened before also loads offline.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(SHELL_URL, { credentials: 'same-origin' });
        if (isCacheableShell(response)) await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
      } catch {
        // Offline while installing: the first page loaded online fills the cache instead.
      }
    })(),
  );
});
