import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageFromQuery, type PlanningWeek } from './usePlanning';

/**
 * The board's page of klussers (D29: 25 a page), kept in the URL's ?pagina= so that a reload or a
 * shared link opens it; goToPage(1) leaves it out, replace does not add a history entry.
 */
export function usePageInUrl() {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('pagina'));
  const goToPage = useCallback(
    (n: number, replace = false) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (n > 1) q.set('pagina', String(n));
          else q.delete('pagina');
          return q;
        },
        { replace },
      ),
    [setParams],
  );
  return { page, goToPage };
}

/**
 * What the pager counts: the last answer's number of klussers, kept while the next page loads so
 * that the pager (and the keyboard focus on its buttons) stays in place; forget() for a new week or
 * region, which starts without one. A page past the end (fewer klussers since the link was made)
 * answers no rows: it goes to the last page, and pastEnd says not to draw the empty one.
 */
export function usePagerCount(data: PlanningWeek | undefined, goToPage: (n: number, replace?: boolean) => void) {
  const [count, setCount] = useState<{ total: number; perPage: number } | null>(null);
  if (data !== undefined && (count?.total !== data.totaal || count.perPage !== data.per_pagina)) {
    setCount({ total: data.totaal, perPage: data.per_pagina });
  }
  const last = data === undefined ? 1 : Math.max(1, Math.ceil(data.totaal / data.per_pagina));
  const pastEnd = data !== undefined && data.klussers.length === 0 && data.pagina > last;
  useEffect(() => {
    if (pastEnd) goToPage(last, true);
  }, [pastEnd, last, goToPage]);
  return { count, forget: () => setCount(null), pastEnd };
}
