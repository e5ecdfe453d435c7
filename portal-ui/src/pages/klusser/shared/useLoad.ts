import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../api';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'ok'; body: T }
  | { state: 'failed'; result: Exclude<Result<T>, { kind: 'ok' }> };

/**
 * Loads one API answer when the screen opens and whenever `key` changes; reload() fetches it
 * again (after a live event, or from the retry button) without going back to the loading state,
 * so that what the klusser reads does not jump away. An answer that arrives after a newer request
 * started is dropped.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<Result<T>>, key = ''): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const current = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    void loadRef.current(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setLoaded(result.kind === 'ok' ? { state: 'ok', body: result.body } : { state: 'failed', result });
    });
  }, []);

  useEffect(() => {
    setLoaded({ state: 'loading' });
    run();
    return () => current.current?.abort();
  }, [key, run]);

  return [loaded, run];
}
