import { MutationCache, QueryClient } from '@tanstack/react-query';
import { WRITES_CHANGE } from './registry';
import { invalidate } from './useAction';

const WRITES = new Set(['create', 'update', 'delete']);

/**
 * The console's query cache. React-admin refreshes a resource's own lists and records after its
 * create, update and delete (keyed [resource, 'create' | 'update' | 'delete', params]); this adds
 * the other screens such a write changes (api/registry.ts WRITES_CHANGE), in one place for every
 * page, as useAction does for the custom actions. Not awaited: the toast need not wait for them.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const [resource, kind] = mutation.options.mutationKey ?? [];
        if (typeof resource !== 'string' || typeof kind !== 'string' || !WRITES.has(kind)) return;
        const screens = WRITES_CHANGE[resource];
        if (screens) void invalidate(queryClient, screens);
      },
    }),
  });
  return queryClient;
}
