/**
 * The klusser portal opens without a network (D23): the last signed-in klusser is remembered on
 * the phone, and when /api/v1/me cannot be reached at all the portal shows that klusser's pages
 * from what the phone holds. This grants nothing: every call to the server still needs the session
 * cookie, and a 401 still leads to /auth. Logging out forgets it.
 */
import { fetchMe, type Me, type MeResult } from './api';

const KEY = 'klusmaat.klusser.me';

export function rememberMe(me: Me): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(me));
  } catch {
    // Storage refused (private mode, full): the portal then needs the network to open.
  }
}

export function rememberedMe(): Me | undefined {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw === null ? undefined : (JSON.parse(raw) as Me);
  } catch {
    return undefined;
  }
}

export function forgetMe(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** fetchMe for the klusser portal: remembers the klusser, and stands in for the server offline. */
export async function fetchMeOfflineFirst(signal: AbortSignal): Promise<MeResult> {
  const result = await fetchMe(undefined, signal);
  if (result.kind === 'ok') rememberMe(result.me);
  else if (result.kind === 'unauthenticated') forgetMe();
  else if (result.kind === 'network') {
    const me = rememberedMe();
    if (me !== undefined) return { kind: 'ok', me };
  }
  return result;
}
