// Base styles first, so that component styles can override them.
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ConfigContext, readConfig } from '@klusmaat/shared-ui/config';
import { hydrationMode } from './hydration';
import { buildRoutes } from './router';

const router = createBrowserRouter(buildRoutes());
const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <ConfigContext value={readConfig()}>
      <RouterProvider router={router} />
    </ConfigContext>
  </StrictMode>
);

// Prerendered marketing pages (scripts/prerender.mjs) are hydrated; every other page is rendered
// here. Markup prerendered for another path (a server that falls back to the home page's HTML)
// is thrown away rather than hydrated into the wrong page.
// In a transition, React renders (or hydrates) in slices of a few milliseconds and lets the browser
// answer in between, instead of one long task (issue 44: total blocking time on a slow phone).
startTransition(() => {
  if (hydrationMode(container, window.location.pathname) === 'hydrate') {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
