/**
 * The query string of a list's current filters, for a request beside the list (its count cards),
 * without `except`: the filter the cards themselves choose or split on.
 */
export function filterQuery(filterValues: Record<string, unknown>, except: string): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(filterValues)) {
    if (name === except || value === undefined || value === null || value === '') continue;
    q.append(name, String(value));
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}
