import { useCallback, useEffect, useState } from 'react';
import { callApi } from './action';

/**
 * One record of the API read for a section of a page (a job's contact log, its survey): the data
 * (undefined while it loads), whether the read failed, reload() after a change, and set() for an
 * answer that already carries the new record. The read is aborted when the path changes or the
 * section goes away.
 */
export function useApiData<T>(path: string) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const answer = await callApi<T>(path, { signal });
        setData(answer.data);
        setFailed(false);
      } catch {
        if (!signal?.aborted) setFailed(true);
      }
    },
    [path],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { data, failed, reload: () => void load(), set: setData };
}
