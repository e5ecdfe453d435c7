import { useApiData } from '../api/useApiData';
import type { Kandidaat } from './types';

/** The path of the active klussers of some regions, by name: one page of 100 is plenty. */
export function kandidatenPath(regios: readonly string[]): string {
  const query = new URLSearchParams({ sort: 'naam', order: 'asc', page: '1', per_page: '100' });
  for (const regio of regios) query.append('regio', regio);
  return `/api/v1/klussen/klussers?${query}`;
}

/**
 * The active klussers of a region, to choose from when assigning (GET /api/v1/klussen/klussers),
 * from the console's query cache; null while loading or without a region.
 */
export function useKandidaten(regio: string | null | undefined): { klussers: Kandidaat[] | null; error: string | null } {
  const zonder = regio == null || regio === '';
  const { data, failed } = useApiData<Kandidaat[]>(kandidatenPath(zonder ? [] : [regio]), { enabled: !zonder });
  if (zonder) return { klussers: null, error: null };
  if (failed) return { klussers: [], error: 'Kon klussers niet laden' };
  return { klussers: data ?? null, error: null };
}
