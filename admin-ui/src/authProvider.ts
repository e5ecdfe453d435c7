import type { AuthProvider } from 'react-admin';
import { apiError, fetchMe, type FetchLike } from '@klusmaat/shared-ui/auth/api';
import { logoutWithToast } from '@klusmaat/shared-ui/auth/logout';
import { AREAS, rolesOf, safeReturnTo, signInPath } from '@klusmaat/shared-ui/auth/roles';

/**
 * react-admin's view of the Kratos session (D12, D13). Signing in happens on /admin/auth with
 * Kratos's own flows, and the guard (auth/AccessGuard) decides who enters an area; this provider
 * lets react-admin's pages, app bar and logout work with the same session:
 *
 *   checkAuth      GET /api/v1/me; no session -> /admin/auth, second factor missing -> its step
 *                  (both with return_to = the current page)
 *   checkError     401 -> /admin/auth; 403 mfa_required -> the second-factor step; other errors stay
 *   getPermissions the user's roles
 *   logout         only when the user asks (USER_LOGOUT): the Kratos logout with its toast, then
 *                  /admin/auth; when react-admin logs out by itself the session is gone already
 */

/** The params the app bar's logout button passes, to tell it apart from react-admin's own calls. */
export const USER_LOGOUT = { source: 'user' } as const;

/** The console page the user is on, to come back to after signing in; null outside the console. */
function currentPage(): string | null {
  return safeReturnTo(`${window.location.pathname}${window.location.search}`, null, [AREAS.admin, AREAS.franchise]);
}

/** To the sign-in page, and back to this page afterwards. */
function toSignIn(secondFactor = false): string {
  return signInPath({ secondFactor, returnTo: currentPage() });
}

function isUserLogout(params: unknown): boolean {
  return typeof params === 'object' && params !== null && (params as { source?: unknown }).source === USER_LOGOUT.source;
}

function errorCode(error: unknown): string | undefined {
  return apiError((error as { body?: unknown } | null)?.body).code;
}

export function createAuthProvider(fetchFn?: FetchLike): AuthProvider {
  return {
    async login() {
      // Not used: /admin/auth signs in through Kratos's login flow (auth/ConsoleLogin.tsx).
    },

    async logout(params: unknown) {
      if (!isUserLogout(params)) return signInPath();
      const ok = await logoutWithToast(fetchFn);
      // After a failure the user stays where they are, still signed in.
      return ok ? signInPath() : false;
    },

    async checkAuth() {
      const result = await fetchMe(fetchFn);
      if (result.kind === 'unauthenticated') throw { redirectTo: toSignIn(), message: false };
      if (result.kind === 'mfa_required') throw { redirectTo: toSignIn(true), message: false };
      // A user, or a server that did not answer: a hiccup must not sign anybody out.
    },

    async checkError(error: unknown) {
      const status = (error as { status?: unknown } | null)?.status;
      if (status === 401) throw { redirectTo: toSignIn(), message: false };
      if (status === 403 && errorCode(error) === 'mfa_required') {
        throw { redirectTo: toSignIn(true), message: false, logoutUser: false };
      }
      // Other errors (403 of another region, 404, 500) are shown by the page that got them.
    },

    // The signed-in user for screens that differ by role or region (auth/useMe.ts); react-admin
    // keeps it in its query cache, so the console reads /api/v1/me for it once.
    async getIdentity() {
      const result = await fetchMe(fetchFn);
      if (result.kind !== 'ok') throw new Error(`me: ${result.kind}`);
      return { id: 'me', me: result.me };
    },

    async getPermissions() {
      const result = await fetchMe(fetchFn);
      return result.kind === 'ok' ? rolesOf(result.me) : [];
    },
  };
}

export const authProvider = createAuthProvider();
