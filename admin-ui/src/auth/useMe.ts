import { useGetIdentity, usePermissions } from 'react-admin';
import type { Me } from '@klusmaat/shared-ui/auth/api';

/**
 * The signed-in user (GET /api/v1/me): role and regions, for screens that differ by them (a
 * franchise owner without a region, an admin's controls). null while loading or when it failed;
 * the access guard has already decided whether the user may be here at all. It is the
 * authProvider's identity, which react-admin reads once and shares through its query cache.
 */
export function useMe(): Me | null {
  const { identity } = useGetIdentity();
  return (identity?.['me'] as Me | undefined) ?? null;
}

/** Whether the user may change things in the back office: admins only (franchise owners read). */
export function isAdmin(me: Me | null): boolean {
  return me?.role === 'admin' || (me?.roles ?? []).includes('admin');
}

/**
 * Whether react-admin's permissions (authProvider.getPermissions: the roles) make the user an
 * admin. A franchise owner may enter /admin/* (the spec's area for both) but may only read the
 * jobs, the planning and the klussers of their regions (policy/policy.csv): the menu, create
 * buttons and row actions of the back office are for admins only. false while the roles load.
 */
export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<unknown>();
  return Array.isArray(permissions) && permissions.includes('admin');
}
