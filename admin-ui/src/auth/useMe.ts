import { useEffect, useState } from 'react';
import { fetchMe, type Me } from '@klusmaat/shared-ui/auth/api';

/**
 * The signed-in user (GET /api/v1/me): role and regions, for screens that differ by them (a
 * franchise owner without a region, an admin's controls). null while loading or when it failed;
 * the access guard has already decided whether the user may be here at all.
 */
export function useMe(): Me | null {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    let live = true;
    void fetchMe().then((r) => {
      if (live && r.kind === 'ok') setMe(r.me);
    });
    return () => {
      live = false;
    };
  }, []);
  return me;
}

/** Whether the user may change things in the back office: admins only (franchise owners read). */
export function isAdmin(me: Me | null): boolean {
  return me?.role === 'admin' || (me?.roles ?? []).includes('admin');
}
