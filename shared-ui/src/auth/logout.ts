/**
 * Logging out with its toast: 'Succesvol uitgelogd' or 'Fout bij uitloggen' (spec section 8).
 * Where the user goes afterwards is up to the caller (document 2, section 2: /admin/auth for
 * the console, /auth for the klusser portal).
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
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
