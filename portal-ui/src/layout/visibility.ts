/**
 * Which parts of the public shell show on which path (spec section 2).
 * Paths are compared without a trailing slash, so "/diensten/" counts as "/diensten".
 */

function normalize(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed === '' ? '/' : trimmed;
}

/** Paths that show the footer: the five public information pages. */
export const FOOTER_PATHS: readonly string[] = ['/', '/diensten', '/onze-werkwijze', '/klussers', '/word-klusser'];

/**
 * The header is hidden in the klusser portal: "/klusser" and every path below it.
 * "/klussers" (the public showcase) is a different page and keeps its header.
 */
export function showsHeader(path: string): boolean {
  const p = normalize(path);
  return !(p === '/klusser' || p.startsWith('/klusser/'));
}

/** The footer shows only on the five public information pages. */
export function showsFooter(path: string): boolean {
  return FOOTER_PATHS.includes(normalize(path));
}
