import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';
import { useLocation } from 'react-router-dom';

/**
 * Links from the dashboards name an invoice list in the short form (/admin/facturen?regio=den-haag
 * &ouderdom=31-60, ?staat=deels_betaald); react-admin keeps its filters in ?filter={...}. When the
 * address names any of `names`, those become the list's filters, shown, and nothing else: the
 * person sees exactly what the dashboard's cell counted, not that count narrowed by a search left
 * from before (the console keeps a list's filters). Unlike lists/UrlPrefill, which adds to what the
 * list kept, and which reads the address only on arrival: a link on this page itself (the same
 * list with other filters) counts too.
 *
 * React-admin keeps the short form in the address beside its own ?filter=, so each short form is
 * applied once: after that the person changes or clears the filters as on any list.
 */
export function UrlFilters({ names }: { names: readonly string[] }) {
  const { search } = useLocation();
  const { setFilters } = useListContext();
  const toegepast = useRef('');
  useEffect(() => {
    const params = new URLSearchParams(search);
    const next: Record<string, string> = {};
    const shown: Record<string, boolean> = {};
    for (const name of names) {
      const value = params.get(name);
      if (value !== null && value !== '') {
        next[name] = value;
        shown[name] = true;
      }
    }
    const sleutel = JSON.stringify(next);
    if (sleutel === toegepast.current) return;
    toegepast.current = sleutel;
    if (Object.keys(next).length > 0) setFilters(next, shown, false);
  }, [search, setFilters, names]);
  return null;
}
