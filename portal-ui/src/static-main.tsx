// The script of the prerendered pages (scripts/prerender.mjs writes it into their HTML instead of
// src/main.tsx). It hydrates the page without React Router: see src/static/router.tsx.
// Base styles first, so that component styles can override them.
import './styles/global.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readConfig } from '@klusmaat/shared-ui/config';
import { hydrationMode } from './hydration';
import { StaticApp } from './static/StaticApp';
import { staticPages } from './static/pages';

/** The attribute scripts/prerender.mjs sets on #root: the URL of the app's own script (src/main.tsx). */
const APP_SCRIPT_ATTR = 'data-app';

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');

const pathname = window.location.pathname;
const path = container.getAttribute('data-prerendered');
const Page = path === null ? undefined : staticPages[path];

if (Page !== undefined && path !== null && hydrationMode(container, pathname) === 'hydrate') {
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser answer in
  // between, instead of one long task (issue 44: total blocking time on a slow phone). The page
  // shows its HTML meanwhile; a click on a part not yet hydrated hydrates that part first.
  startTransition(() => {
    hydrateRoot(container, <StaticApp pathname={path} Page={Page} config={readConfig()} />);
  });
} else {
  // Markup prerendered for another path (a server that falls back to the home page's HTML): the
  // app itself renders the page, as it does on the pages that are not prerendered.
  const app = container.getAttribute(APP_SCRIPT_ATTR);
  if (app === null) throw new Error(`#root has no ${APP_SCRIPT_ATTR} attribute`);
  void import(/* @vite-ignore */ app);
}
