import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { COLLECTIONS, type ConsoleDataProvider } from '../dataProvider';

/** The console's resource of an API collection: 'aanmeldingen' is 'klusser-aanmeldingen'. */
const RESOURCE_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(COLLECTIONS).map(([resource, api]) => [api, resource]));

/**
 * The cache key of a read of an API path: its resource (the first segment after /api/v1, e.g.
 * 'klussen' for /api/v1/klussen/7/contacten, by the console's name) first, like react-admin's own
 * keys, so that an action that invalidates 'klussen' (api/useAction.ts) reads the job's sections
 * again too. A null path (nothing to read) has a key of its own.
 */
export function readKey(path: string | null): readonly [string, 'read', string] {
  if (path === null) return ['', 'read', ''];
  const segment = path.replace(/^\/api\/v1\//, '').split(/[/?]/)[0] ?? path;
  return [RESOURCE_OF[segment] ?? segment, 'read', path];
}

/**
 * The cached read of an API path's {"data": ...} through the data provider, not retried; a null
 * path reads nothing. useApiData and useApiState (./useApiState.ts) are its two faces.
 */
export function useApiQuery<T>(path: string | null) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: readKey(path),
    queryFn: async ({ signal }) => (await dataProvider.read<T>(path ?? '', signal)).data,
    enabled: path !== null,
    retry: false,
  });
}

/**
 * One record of the API read for a section of a page (a job's contact log, its survey), from the
 * console's query cache: the data (undefined while it loads), whether the read failed, reload()
 * after a change, and set() for an answer that already carries the new record. A read is not
 * retried: the section says at once that it could not be loaded. enabled: false reads nothing
 * (e.g. no region chosen yet).
 */
export function useApiData<T>(path: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const key = readKey(path);
  const query = useApiQuery<T>(enabled ? path : null);
  return {
    data: query.data,
    failed: query.isError,
    // refetch ignores enabled: a section with nothing to read must not read ''.
    reload: () => {
      if (enabled) void query.refetch();
    },
    set: (data: T) => queryClient.setQueryData(key, data),
  };
}

