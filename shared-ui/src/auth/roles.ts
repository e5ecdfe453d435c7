/**
 * Who goes where (spec document 1, sections 2 and 6). Roles live in the project's database
 * (D12) and reach the front ends through GET /api/v1/me.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import type { Me, Role } from './api';

/** Staff login priority: admin first, then franchise, then klusser. */
export const ROLE_PRIORITY: readonly Role[] = ['admin', 'franchise', 'klusser'];

/** How a role is shown; admin is shown as "Administrator" (spec section 6). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Administrator',
  franchise: 'Franchise',
  klusser: 'Klusser',
};

export const PATHS = {
  klusserLogin: '/auth',
  portals: '/portals',
  recovery: '/wachtwoord-vergeten',
  applyAsKlusser: '/word-klusser',
  consoleLogin: '/admin/auth',
  noAccess: '/admin/no-access',
  adminDashboard: '/admin/dashboard',
  franchiseDashboard: '/franchise/dashboard',
  klusserDashboard: '/klusser/dashboard',
} as const;

export interface SignInPathOptions {
  /** The page to come back to afterwards (a path of this site, not yet encoded). */
  returnTo?: string | null;
  /** Start at the second factor (?aal=aal2). */
  secondFactor?: boolean;
  /** Ask for the password again (?refresh=true). */
  refresh?: boolean;
  /** The sign-in page; the console's /admin/auth unless told otherwise. */
  base?: string;
}

/** The sign-in page's URL: /admin/auth[?refresh=true][&aal=aal2][&return_to=...]. */
export function signInPath(options: SignInPathOptions = {}): string {
  const { returnTo, secondFactor = false, refresh = false, base = PATHS.consoleLogin } = options;
  const query: string[] = [];
  if (refresh) query.push('refresh=true');
  if (secondFactor) query.push('aal=aal2');
  if (returnTo != null && returnTo !== '') query.push(`return_to=${encodeURIComponent(returnTo)}`);
  return query.length === 0 ? base : `${base}?${query.join('&')}`;
}

function isRole(value: string): value is Role {
  return (ROLE_PRIORITY as readonly string[]).includes(value);
}

/** The known roles of a user, in priority order, without duplicates. */
export function rolesOf(me: Me): Role[] {
  const all = new Set<string>([...me.roles, me.role]);
  return ROLE_PRIORITY.filter((role) => all.has(role));
}

export function hasAnyRole(me: Me, allowed: readonly Role[]): boolean {
  return rolesOf(me).some((role) => allowed.includes(role));
}

/** Admin and franchise users belong in the console, not in the klusser portal. */
export function isStaff(me: Me): boolean {
  return hasAnyRole(me, ['admin', 'franchise']);
}

/** "The first role found" of the no-access page: the server's primary role, else the first listed one. */
export function firstRole(me: Me): Role | null {
  if (isRole(me.role)) return me.role;
  return me.roles.find(isRole) ?? null;
}

/** Staff login (/login): admin, then franchise, then klusser; null when the account has none of them. */
export function staffDestination(me: Me): string | null {
  const roles = rolesOf(me);
  if (roles.includes('admin')) return PATHS.adminDashboard;
  if (roles.includes('franchise')) return PATHS.franchiseDashboard;
  if (roles.includes('klusser')) return PATHS.klusserDashboard;
  return null;
}

/** Console login (/admin/auth): admin to /admin/dashboard, franchise to /franchise/dashboard. */
export function consoleDestination(me: Me): string | null {
  const roles = rolesOf(me);
  if (roles.includes('admin')) return PATHS.adminDashboard;
  if (roles.includes('franchise')) return PATHS.franchiseDashboard;
  return null;
}

/**
 * A return_to query value is followed only when it is a path of this site below one of the
 * given prefixes, and the user's roles allow that area. Anything else (other sites, "//host",
 * backslashes, the login pages themselves) gives null.
 */
export function safeReturnTo(value: string | null | undefined, me: Me | null, areas: readonly Area[]): string | null {
  if (value == null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (value.startsWith(PATHS.consoleLogin) || value.startsWith(PATHS.noAccess)) return null;
  const area = areas.find((a) => value === a.prefix || value.startsWith(`${a.prefix}/`) || value.startsWith(`${a.prefix}?`));
  if (area === undefined) return null;
  if (me !== null && !hasAnyRole(me, area.roles)) return null;
  return value;
}

/** A protected area: its path prefix and the roles that may enter it (spec sections 2 and 6). */
export interface Area {
  prefix: string;
  roles: readonly Role[];
}

export const AREAS = {
  admin: { prefix: '/admin', roles: ['admin', 'franchise'] },
  franchise: { prefix: '/franchise', roles: ['franchise'] },
  klusser: { prefix: '/klusser', roles: ['klusser'] },
} as const satisfies Record<string, Area>;
