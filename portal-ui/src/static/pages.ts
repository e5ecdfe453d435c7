import { lazy, type ComponentType } from 'react';

/**
 * The prerendered pages ("prerender": true in src/pageModules.json) and their components, for the
 * static pages' bundle (src/static-main.tsx). static.test.tsx checks that this is exactly that list.
 */
export const staticPages: Readonly<Record<string, ComponentType>> = {
  '/': lazy(() => import('../pages/Home')),
  '/waarom-kiezen': lazy(() => import('../pages/Landing')),
  '/diensten': lazy(() => import('../pages/Diensten')),
  '/onze-werkwijze': lazy(() => import('../pages/Werkwijze')),
  '/word-klusser': lazy(() => import('../pages/WordKlusser')),
  '/aanvraag': lazy(() => import('../pages/aanvraag/Aanvraag')),
  '/klussers': lazy(() => import('../pages/klussers/Klussers')),
};
