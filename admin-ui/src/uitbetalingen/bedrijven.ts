import { useMemo } from 'react';
import { useApiData } from '../api/useApiData';
import { isAdmin, useMe } from '../auth/useMe';
import type { Uitgever } from '../facturen/uitgevers';

/**
 * The businesses whose klussers the user pays (D31, D28): every business for an admin, its own
 * regions' own business for a franchise owner (a region without one is paid by the central
 * office). undefined while loading. The same read as the other money screens, from the cache.
 */
export function useEigenBedrijven(): { bedrijven: Uitgever[] | undefined; alle: Uitgever[] | undefined; failed: boolean } {
  const me = useMe();
  const { data, failed } = useApiData<Uitgever[]>('/api/v1/factuur-uitgevers?per_page=100');
  const bedrijven = useMemo(() => {
    if (data === undefined || me === null) return undefined;
    const rows = Array.isArray(data) ? data : [];
    return isAdmin(me) ? rows : rows.filter((u) => u.regio !== null && me.regions.includes(u.regio));
  }, [data, me]);
  return { bedrijven, alle: data, failed };
}

/** What a franchise owner whose region has no business of its own reads instead of a form. */
export const GEEN_EIGEN_BEDRIJF = 'Uw regio heeft geen eigen bedrijf: de klussers van uw regio worden door het centrale kantoor uitbetaald.';
