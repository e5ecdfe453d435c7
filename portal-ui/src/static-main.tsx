// The script of the prerendered pages (scripts/prerender.mjs writes it into their HTML instead of
// src/main.tsx). It hydrates the page without React Router (see src/static/router.tsx) and, as
// built, on Preact's React-compatible runtime instead of React DOM (see vite.config.ts).
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
const load = path === null ? undefined : staticPages[path];

if (load !== undefined && path !== null && hydrationMode(container, pathname) === 'hydrate') {
  // The page's module first (preloaded by the HTML), so that hydration finds the page itself
  // rather than something still to load (./static/pages.ts).
  void load().then(({ default: Page }) => {
    startTransition(() => {
      hydrateRoot(container, <StaticApp pathname={path} Page={Page} config={readConfig()} />);
    });
  });
} else {
  // Markup prerendered for another path (a server that falls back to the home page's HTML): the
  // app itself renders the page, as it does on the pages that are not prerendered.
  const app = container.getAttribute(APP_SCRIPT_ATTR);
  if (app === null) throw new Error(`#root has no ${APP_SCRIPT_ATTR} attribute`);
  void import(/* @vite-ignore */ app);
}
