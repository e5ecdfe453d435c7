import { SW_SCOPE, SW_URL } from './scope';

let registered = false;

/**
 * Registers the klusser portal's service worker (built into dist/sw.js by vite-plugin-pwa), once
 * per page load and only in a production build: the development server has no worker, and a stale
 * one would hide changes. Installing to the home screen needs it; a failure only means the portal
 * works online-only, so it is not shown to the klusser.
 */
export function registerServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).catch((error: unknown) => {
    registered = false;
    console.warn('klusser service worker not registered', error);
  });
}
