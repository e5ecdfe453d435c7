/**
 * After a deploy the hashed files of the previous build are gone (and during a rolling deploy a
 * page of the new build may ask an old server). A console opened before then asks for such a file
 * the first time it shows a page (each page is loaded when first shown), the import fails, and the
 * user would get "Er ging iets mis". Vite reports the failure as 'vite:preloadError'; the console
 * then reloads once, which loads the current build. A second failure shortly after is a real one
 * (the server is down, the file truly missing) and is left to the error page, not reloaded forever.
 */
const LAST_RELOAD = 'klusmaat.staleBuildReload';
const QUIET_MS = 60_000;

export function reloadOnStaleBuild(win: Window = window, now: () => number = Date.now): void {
  win.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(win.sessionStorage.getItem(LAST_RELOAD) ?? 0);
      if (now() - last < QUIET_MS) return;
      win.sessionStorage.setItem(LAST_RELOAD, String(now()));
    } catch {
      // Storage refused (a private window): reloading without the guard could loop; do not.
      return;
    }
    event.preventDefault();
    win.location.reload();
  });
}
