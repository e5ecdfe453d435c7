import { useEffect, useRef } from 'react';
import { useListContext } from 'react-admin';
import { useLocation } from 'react-router-dom';

/**
 * Links from the dashboards speak the spec's short form (/admin/klussen?status=open,
 * /franchise/klussen?woonplaats=Leidschendam); react-admin keeps its filters in ?filter={...}.
 * UrlPrefill turns the named parameters into the list's filters once, on arrival (shown, so that
 * the person sees and can clear them), calls onNew for ?nieuw=1 and onOpen with the id of
 * ?klus={id} (a record to open, as the dashboards link to one job). Render it inside a list.
 */
export function UrlPrefill({
  names,
  onNew,
  onOpen,
}: {
  names: readonly string[];
  onNew?: () => void;
  onOpen?: (id: string) => void;
}) {
  const { search } = useLocation();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const params = new URLSearchParams(search);
    const next: Record<string, unknown> = { ...filterValues };
    const shown: Record<string, boolean> = { ...displayedFilters };
    let changed = false;
    for (const name of names) {
      const value = params.get(name);
      if (value !== null && value !== '') {
        next[name] = value;
        shown[name] = true;
        changed = true;
      }
    }
    if (changed) setFilters(next, shown, false);
    if (onNew && params.get('nieuw') === '1') onNew();
    const open = params.get('klus');
    if (onOpen && open) onOpen(open);
  }, [search, filterValues, displayedFilters, setFilters, onNew, onOpen, names]);
  return null;
}
