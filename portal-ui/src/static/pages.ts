import type { ComponentType } from 'react';

/** A page's module, loaded on demand (its own chunk). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The prerendered pages ("prerender": true in src/pageModules.json) and their modules, for the
 * static pages' bundle (src/static-main.tsx). static.test.tsx checks that this is exactly that list.
 * static-main.tsx loads the page's module before it hydrates (the HTML preloads it), so that
 * nothing suspends during hydration: Preact, which runs this bundle (vite.config.ts), keeps the
 * markup of a suspended component only up to its first element and would draw the rest anew.
 */
export const staticPages: Readonly<Record<string, PageModule>> = {
  '/': () => import('../pages/Home'),
  '/waarom-kiezen': () => import('../pages/Landing'),
  '/diensten': () => import('../pages/Diensten'),
  '/onze-werkwijze': () => import('../pages/Werkwijze'),
  '/word-klusser': () => import('../pages/WordKlusser'),
  '/aanvraag': () => import('../pages/aanvraag/Aanvraag'),
  '/klussers': () => import('../pages/klussers/Klussers'),
};
