import { useEffect, useState } from 'react';
import { callApi } from '../api/action';
import type { Kandidaat } from './types';

/**
 * The active klussers of a region, to choose from when assigning (GET /api/v1/klussen/klussers).
 * One page of 100 is plenty for a region; null while loading or without a region.
 */
export function useKandidaten(regio: string | null | undefined): { klussers: Kandidaat[] | null; error: string | null } {
  const [state, setState] = useState<{ regio: string; klussers: Kandidaat[] | null; error: string | null }>({
    regio: '',
    klussers: null,
    error: null,
  });
  useEffect(() => {
    if (regio == null || regio === '') return;
    const controller = new AbortController();
    const query = new URLSearchParams({ regio, sort: 'naam', order: 'asc', page: '1', per_page: '100' });
    callApi<Kandidaat[]>(`/api/v1/klussen/klussers?${query}`, { signal: controller.signal }, 'Kon klussers niet laden')
      .then((answer) => setState({ regio, klussers: answer.data, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ regio, klussers: [], error: 'Kon klussers niet laden' });
        void error;
      });
    return () => controller.abort();
  }, [regio]);
  if (regio == null || regio === '' || state.regio !== regio) return { klussers: null, error: null };
  return { klussers: state.klussers, error: state.error };
}
