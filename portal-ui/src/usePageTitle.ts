import { createContext, useContext, useEffect } from 'react';

/**
 * Collects the title and description of the page while it is rendered at build time
 * (src/entry-server.tsx), so that the prerendered HTML carries them in <head> before any
 * JavaScript runs. In the browser there is no sink and only the effect below does something.
 */
export interface PageHead {
  title?: string;
  description?: string;
}

export const PageHeadSink = createContext<PageHead | null>(null);

/** Sets document.title (and the meta description, when given) while the calling page is shown. */
export function usePageTitle(title: string, description?: string): void {
  const sink = useContext(PageHeadSink);
  if (sink !== null) {
    sink.title = title;
    if (description !== undefined) sink.description = description;
  }
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (description === undefined) return;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
