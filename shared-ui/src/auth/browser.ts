/**
 * Full page loads, in one object so that tests can replace them (jsdom cannot navigate).
 * Used to move between the two apps: the portal (/, /auth, /klusser/...) and the console
 * (/admin/..., /franchise/...) are separate builds.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
