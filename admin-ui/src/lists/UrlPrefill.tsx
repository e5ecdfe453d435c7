import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/**
 * The address of a list in react-admin's own form for a link in the spec's short form
 * (/admin/klussen?status=open&woonplaats=voorburg becomes ?filter={"status":"open","woonplaats":
 * "voorburg"}&displayedFilters={...}), or null when the address names none of `names`. Only the
 * named filters apply, shown so that the person sees and can clear them: a link shows exactly what
 * it counted, not that narrowed by a filter kept from before. Every other parameter stays (sort
 * and order, which react-admin reads itself; ?klus=, ?nieuw=).
 */
export function longForm(search: string, names: readonly string[]): string | null {
  const params = new URLSearchParams(search);
  const filter: Record<string, string> = {};
  const shown: Record<string, boolean> = {};
  for (const name of names) {
    const value = params.get(name);
    params.delete(name);
    if (value !== null && value !== '') {
      filter[name] = value;
      shown[name] = true;
    }
  }
  if (Object.keys(filter).length === 0) return null;
  params.set('filter', JSON.stringify(filter));
  params.set('displayedFilters', JSON.stringify(shown));
  params.set('page', '1');
  return `?${params.toString()}`;
}

/**
 * Links from the dashboards speak the spec's short form; react-admin keeps its filters in
 * ?filter={...}. UrlFilterRedirect rewrites the address into react-admin's form before the list is
 * drawn (longForm), so the list's very first request is the filtered one: no request for every job
 * under 'Alle statussen' first. A link to the same list with other filters, followed on the list
 * itself, is rewritten the same way. Wrap the whole list page in it.
 */
export function UrlFilterRedirect({ names, children }: { names: readonly string[]; children: ReactNode }) {
  const location = useLocation();
  const search = longForm(location.search, names);
  if (search !== null) return <Navigate replace to={{ pathname: location.pathname, search, hash: location.hash }} state={location.state} />;
  return <>{children}</>;
}

/**
 * What else a dashboard's link asks of a list, on arrival: onNew for ?nieuw=1 and onOpen with the
 * id of ?klus={id} (a record to open, as the dashboards link to one job). Render it inside a list.
 */
export function UrlPrefill({ onNew, onOpen }: { onNew?: () => void; onOpen?: (id: string) => void }) {
  const { search } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const params = new URLSearchParams(search);
    if (onNew && params.get('nieuw') === '1') onNew();
    const open = params.get('klus');
    if (onOpen && open) onOpen(open);
  }, [search, onNew, onOpen]);
  return null;
}
