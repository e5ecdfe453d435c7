/**
 * What the klusser portal's service worker controls, shared by the worker (sw.ts) and the page
 * that registers it (register.ts). The scope is /klusser/ only: the public site keeps working as
 * before, without a worker between it and the network, and its prerendered pages stay exactly
 * what the server sends.
 */

export const SW_URL = '/sw.js';
export const SW_SCOPE = '/klusser/';
export const MANIFEST_URL = '/klusser.webmanifest';

/**
 * Every klusser page is the same app shell (none is prerendered), so one cached copy serves them
 * all when there is no network. It is the server's answer, not dist/shell.html: the server fills
 * in the brand and contact configuration (D19), which the raw build file lacks.
 */
export const SHELL_URL = '/klusser/dashboard';
export const SHELL_CACHE = 'klusser-shell';

/** How long a navigation waits for the network before the cached shell is shown. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Whether the worker answers this request with the shell (network first, then the cache): a
 * page navigation of our own origin under /klusser/. The API (/api/), the identity proxy
 * (/.ory/) and everything else are never answered from a cache.
 */
export function isShellNavigation(url: URL, mode: string, origin: string): boolean {
  return mode === 'navigate' && url.origin === origin && url.pathname.startsWith(SW_SCOPE);
}

/** Whether a network answer may replace the cached shell: a page that loaded fine. */
export function isCacheableShell(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && (response.headers.get('Content-Type') ?? '').startsWith('text/html');
}
