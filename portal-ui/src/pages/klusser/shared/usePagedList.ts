import { useCallback, useEffect, useRef, useState } from 'react';
import type { Klus, Page, Result } from '../api';

export type ListState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ok'; items: Klus[]; total: number; loadingMore: boolean; moreFailed: boolean };

/**
 * A job list that the server pages (D25): the first page when the screen opens (and again on
 * reload(), after a live event), more with loadMore(), and remove() for a job that is gone
 * (claimed by someone else). `key` starts over, e.g. on another agenda tab.
 */
export function usePagedList(load: (page: number, signal: AbortSignal) => Promise<Result<Page<Klus>>>, key = '') {
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const pageRef = useRef(1);
  const current = useRef<AbortController | null>(null);

  const fetchPage = useCallback((page: number) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    if (page > 1) setList((l) => (l.state === 'ok' ? { ...l, loadingMore: true, moreFailed: false } : l));
    void loadRef.current(page, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.kind !== 'ok') {
        setList((l) => (page > 1 && l.state === 'ok' ? { ...l, loadingMore: false, moreFailed: true } : { state: 'failed' }));
        return;
      }
      pageRef.current = page;
      const { data, total } = result.body;
      setList((l) => {
        if (page === 1 || l.state !== 'ok') return { state: 'ok', items: data, total, loadingMore: false, moreFailed: false };
        const seen = new Set(l.items.map((k) => k.id));
        return { state: 'ok', items: [...l.items, ...data.filter((k) => !seen.has(k.id))], total, loadingMore: false, moreFailed: false };
      });
    });
  }, []);

  useEffect(() => {
    setList({ state: 'loading' });
    fetchPage(1);
    return () => current.current?.abort();
  }, [key, fetchPage]);

  const reload = useCallback(() => fetchPage(1), [fetchPage]);
  const loadMore = useCallback(() => fetchPage(pageRef.current + 1), [fetchPage]);
  const remove = useCallback((id: string) => {
    setList((l) =>
      l.state === 'ok' && l.items.some((k) => k.id === id)
        ? { ...l, items: l.items.filter((k) => k.id !== id), total: Math.max(0, l.total - 1) }
        : l,
    );
  }, []);

  return { list, reload, loadMore, remove };
}
