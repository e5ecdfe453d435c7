import { useCallback, useMemo } from 'react';
import { useGetList } from 'react-admin';

/** An active region as GET /api/v1/regios answers it (id: the slug). */
export interface Regio {
  id: string;
  slug: string;
  naam: string;
  woonplaatsen: string[];
}

/** The one request of the session: every screen asks the same, so react-query answers from its cache. */
const PARAMS = { pagination: { page: 1, perPage: 100 }, sort: { field: 'naam', order: 'ASC' as const } };
const ONCE = { staleTime: Infinity, gcTime: Infinity };

export interface Regios {
  /** The active regions, by name; empty while loading. */
  regios: Regio[];
  /** The choices of a region select or checkbox group: the slug, shown by name. */
  choices: { id: string; name: string }[];
  /** The name of a region; the slug itself for a region that is not (or no longer) active. */
  naam: (slug: string) => string;
  isPending: boolean;
}

/**
 * The platform's regions (D1: regions are rows, not code), read once per session from
 * GET /api/v1/regios through the console's dataProvider. A new franchise region is a row in the
 * database; every region filter and choice of the console offers it without a code change.
 */
export function useRegios(): Regios {
  const { data, isPending } = useGetList<Regio>('regios', PARAMS, ONCE);
  const regios = useMemo(() => data ?? [], [data]);
  const choices = useMemo(() => regios.map((r) => ({ id: r.slug, name: r.naam })), [regios]);
  const naam = useCallback((slug: string) => regios.find((r) => r.slug === slug)?.naam ?? slug, [regios]);
  return { regios, choices, naam, isPending };
}
