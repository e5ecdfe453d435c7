import { useGetOne, type RaRecord, type UseGetOneOptions } from 'react-admin';

/**
 * The meta of a record read in full. React-admin puts every row of a list into the getOne cache
 * ([resource, 'getOne', {id, meta}]) so that a record page can show it at once; our lists answer
 * rows with fewer fields and some of them shaped for the table (categorie as its label), so a page
 * that read the row as the record would show, or a form start from, the wrong values. A meta of its
 * own keeps the full record apart; the data provider ignores it, and an invalidation of the resource
 * covers it like any other key of the resource.
 */
export const FULL_RECORD = { record: 'full' } as const;

/**
 * One record of a resource, read in full through the data provider's getOne and kept in the query
 * cache (useGetOne): a custom action or a save that invalidates the resource reads it again. Not
 * retried: a page says at once that it could not be loaded.
 */
export function useRecord<T extends RaRecord>(resource: string, id: string, options: UseGetOneOptions<T> = {}) {
  return useGetOne<T>(resource, { id, meta: FULL_RECORD }, { retry: false, ...options });
}
