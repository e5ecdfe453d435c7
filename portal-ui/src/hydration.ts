/** The attribute scripts/prerender.mjs sets on #root: the path the markup was rendered for. */
export const PRERENDERED_ATTR = 'data-prerendered';

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** Hydrate only markup that was prerendered for this very path; otherwise render afresh. */
export function hydrationMode(root: Element, pathname: string): 'hydrate' | 'render' {
  const path = root.getAttribute(PRERENDERED_ATTR);
  if (path === null || root.firstElementChild === null) return 'render';
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // keep as is
  }
  return normalize(path) === normalize(decoded) ? 'hydrate' : 'render';
}
