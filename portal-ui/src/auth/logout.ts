/**
 * Logging out with its toast: 'Succesvol uitgelogd' or 'Fout bij uitloggen' (spec section 8).
 * Where the user goes afterwards is up to the caller (document 2, section 2: /admin/auth for
 * the console, /auth for the klusser portal).
 *
 * Shared with the console: admin-ui imports this folder as @shared-auth.
 */
import type { FetchLike } from './api';
import { logout } from './kratos';
import { forgetMe } from './offlineMe';
import { TEXTS } from './texts';
import { showToast } from './toastStore';

export async function logoutWithToast(fetchFn?: FetchLike): Promise<boolean> {
  const ok = await logout(fetchFn);
  if (ok) {
    forgetMe();
    showToast(TEXTS.logoutOk, 'success');
  }
  else showToast(TEXTS.logoutFailed, 'error');
  return ok;
}
