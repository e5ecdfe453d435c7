import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import routePatterns from './routes.json';
import { Layout } from './layout/Layout';
import NotFound from './pages/NotFound';

/**
 * The page component of every route pattern in src/routes.json. routes.json is
 * the contract with the Go server (D21): a path that matches none of its
 * patterns answers HTTP 404 and renders NotFound here.
 * To add a page: add its pattern to routes.json, its component here and its source module to
 * pageModules.json (the prerender and bench-web scripts read that; "prerender": true makes the
 * build write static HTML for it).
 */
export const pages: Readonly<Record<string, ComponentType>> = {
  '/': lazy(() => import('./pages/Home')),
  '/waarom-kiezen': lazy(() => import('./pages/Landing')),
  '/diensten': lazy(() => import('./pages/Diensten')),
  '/onze-werkwijze': lazy(() => import('./pages/Werkwijze')),
  '/aanvraag': lazy(() => import('./pages/aanvraag/Aanvraag')),
  '/klussers': lazy(() => import('./pages/klussers/Klussers')),
  '/word-klusser': lazy(() => import('./pages/WordKlusser')),
  '/auth': lazy(() => import('./pages/KlusserLogin')),
  '/login': lazy(() => import('./pages/StaffLogin')),
  '/portals': lazy(() => import('./pages/Portals')),
  '/wachtwoord-vergeten': lazy(() => import('./pages/PasswordRecovery')),
  '/klusser/dashboard': lazy(() => import('./pages/klusser/dashboard/KlusserDashboard')),
  '/klusser/beschikbare-klussen': lazy(() => import('./pages/klusser/beschikbare-klussen/BeschikbareKlussen')),
  '/klusser/plan-klus/:klusId': lazy(() => import('./pages/klusser/plan-klus/PlanKlus')),
  '/klusser/agenda': lazy(() => import('./pages/klusser/agenda/Agenda')),
  '/klusser/verdiensten': lazy(() => import('./pages/klusser/verdiensten/Verdiensten')),
  '/klusser/werkbon/:klusId': lazy(() => import('./pages/klusser/werkbon/Werkbon')),
  '/klusser/factuur/:factuurId': lazy(() => import('./pages/klusser/factuur/Factuur')),
  '/status/:token': lazy(() => import('./pages/status/StatusPage')),
};

export const routes: readonly string[] = routePatterns;

/** Builds the route tree from the route patterns and the page map. */
export function buildRoutes(patterns: readonly string[] = routes): RouteObject[] {
  const children: RouteObject[] = patterns.map((pattern) => {
    const Page = pages[pattern];
    if (Page === undefined) {
      throw new Error(`src/routes.json lists "${pattern}" but src/router.tsx has no page for it`);
    }
    return { path: pattern, element: <Page /> };
  });
  children.push({ path: '*', element: <NotFound /> });
  return [{ element: <Layout />, children }];
}
