import { Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../auth/Toaster';
import { Footer } from './Footer';
import { Header } from './Header';
import { showsFooter, showsHeader } from './visibility';
import './layout.css';

/** The public shell: skip link, header, main content and footer, each where the spec wants it. */
export function Layout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After a client-side navigation, move focus to the new content so that
  // screen reader and keyboard users start at the top of the new page.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  return (
    <>
      <a className="skip-link" href="#inhoud" onClick={skipToContent}>
        Naar de inhoud
      </a>
      {showsHeader(pathname) && <Header />}
      <main id="inhoud" ref={mainRef} tabIndex={-1}>
        <Suspense
          fallback={
            <p className="container page-loading" role="status">
              Even geduld, de pagina wordt geladen…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {showsFooter(pathname) && <Footer />}
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
