/**
 * The part of React Router that the prerendered pages use, for their own bundle (src/static-main.tsx,
 * built with `vite build --mode static`, which resolves 'react-router' to this file). A prerendered
 * page is static HTML from the server; its links are ordinary links, so that a click loads the next
 * page's own HTML (prerendered or the app's shell) instead of running a client-side router. That
 * keeps React Router (about 30 kB gzip) out of the public pages' first load.
 *
 * The markup is React Router's (href, data-discover, NavLink's "active" class and aria-current), so
 * that the HTML prerendered with the real router hydrates without a mismatch; static.test.tsx
 * compares the two renderings of every prerendered page. Only what those pages import is here: an
 * import of anything else fails the static build.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

interface StaticLocation {
  pathname: string;
  search: string;
  hash: string;
  state: null;
  key: string;
}

interface StaticRoute {
  location: StaticLocation;
  /** The page shown where the layout puts its <Outlet />. */
  outlet: ReactNode;
}

const RouteContext = createContext<StaticRoute | null>(null);

function useRoute(): StaticRoute {
  const route = useContext(RouteContext);
  if (route === null) throw new Error('static router: render the page inside <StaticRoute>');
  return route;
}

/**
 * Provides the page's path and the page itself (the layout's outlet). Its children sit where
 * StaticRouterProvider puts the routes: first of two (the second is its hydration script, null
 * here), so that useId gives the ids that the prerendered HTML has.
 */
export function StaticRoute({ pathname, outlet, children }: { pathname: string; outlet: ReactNode; children: ReactNode }) {
  const value: StaticRoute = { location: { pathname, search: '', hash: '', state: null, key: 'default' }, outlet };
  return (
    <>
      <RouteContext value={value}>{children}</RouteContext>
      {null}
    </>
  );
}

export function useLocation(): StaticLocation {
  return useRoute().location;
}

export function Outlet() {
  return <>{useRoute().outlet}</>;
}

/**
 * The query of the page's address. The prerendered HTML was made without one; in the browser it is
 * the address's own (the request wizard reads ?categorie= after hydrating).
 */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [new URLSearchParams(typeof window === 'undefined' ? search : window.location.search)];
}

/** Scroll positions are the browser's business on a full page load. */
export function ScrollRestoration() {
  return null;
}

/** Navigation is a page load: the next page comes from the server. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return (to, options) => {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, ...rest }: LinkProps) {
  return <a {...rest} href={to} data-discover="true" />;
}

function normalize(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string; end?: boolean };

/** React Router's NavLink: class "active" and aria-current="page" on the link of the current page. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const current = normalize(useLocation().pathname);
  const target = normalize(to);
  const active = current === target || (!end && target !== '/' && current.startsWith(`${target}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
    />
  );
}
