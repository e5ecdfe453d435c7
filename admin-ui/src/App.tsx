import { createTheme, ThemeProvider } from '@mui/material';
import { Suspense, lazy, useState } from 'react';
import { Admin, CustomRoutes, Resource, useBasename, usePermissions, type ResourceProps } from 'react-admin';
// react-router-dom, not react-router: react-admin imports react-router-dom, and one
// module instance means one router context.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import aanmeldingen from './aanmeldingen';
import afdrachten from './afdrachten';
import audit from './audit';
import { AccessGuard, type ConsoleArea } from './auth/AccessGuard';
import { ConsoleLogin } from './auth/ConsoleLogin';
import { NoAccess } from './auth/NoAccess';
import { useIsAdmin } from './auth/useMe';
import { Toaster } from './auth/Toaster';
import { authProvider } from './authProvider';
import bankafschriften from './betalingen';
import { readConfig } from './config';
import { Dashboard } from './dashboard/Dashboard';
import { createQueryClient } from './api/queryClient';
import { dataProvider } from './dataProvider';
import facturen from './facturen';
import franchiseEigenaren from './franchise-eigenaren';
import { i18nProvider } from './i18nProvider';
import klanten from './klanten';
import klussen, { franchise as franchiseKlussen } from './klussen';
import klussers from './klussers';
import { makeLayout } from './layout/ConsoleLayout';
import { theme } from './theme';
import uitbetalingen, { betaalbatches } from './uitbetalingen';
import werkbonnen from './werkbonnen';

/**
 * The whole console in one file: admins work under /admin, franchise owners
 * under /franchise (spec document 2). Both are the same react-admin app with a
 * different basename; the Go server serves index.html for the paths in
 * src/routes.json and answers 404 for the rest (D21).
 *
 * Sign-in (/admin/auth) and the no-access page (/admin/no-access) stand outside
 * react-admin. Every other page of an area is behind its AccessGuard: /admin/*
 * for admin and franchise, /franchise/* for franchise only (spec section 6).
 *
 * Each resource is a folder (klussen/, ...) whose index.ts says what it has; its pages are loaded
 * when first shown (React.lazy), so the console's first page does not carry them. So are the
 * custom pages other than the dashboard: the settings forms (react-hook-form, react-admin's
 * inputs), security and reports load when opened, and the dashboard loads what it shows.
 */

const SecurityPage = lazy(() => import('./security/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const SettingsPage = lazy(() => import('./settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const RegioSettingsPage = lazy(() => import('./settings/RegioSettingsPage').then((m) => ({ default: m.RegioSettingsPage })));
const FactuurPrint = lazy(() => import('./facturen/FactuurPrint').then((m) => ({ default: m.FactuurPrint })));
const RapportagesPage = lazy(() => import('./rapportages/RapportagesPage'));
const PlanningPage = lazy(() => import('./planning/PlanningPage'));

const config = readConfig();
const muiTheme = createTheme(theme);

/** "/admin" and "/franchise" themselves go to the dashboard. */
function ToDashboard() {
  const basename = useBasename();
  return <Navigate to={`${basename}/dashboard`} replace />;
}

/**
 * The money pages of both areas (D30-D32): the invoices to follow up, the bank statements, the
 * klussers' statements with their payment files (reached from that page) and the franchise fees.
 * A franchise owner gets those of its regions and its own business (the server decides).
 */
const MONEY: readonly ResourceProps[] = [
  { name: 'facturen', ...facturen },
  { name: 'bankafschriften', ...bankafschriften },
  { name: 'uitbetalingen', ...uitbetalingen },
  { name: 'betaalbatches', ...betaalbatches },
  { name: 'afdrachten', ...afdrachten },
];

/**
 * The resources of each area, in menu order (spec document 001, section 2). The name is the
 * address: /admin/klussen, /admin/klusser-aanmeldingen; src/routes.json lists each list page.
 */
const RESOURCES: Record<ConsoleArea, readonly ResourceProps[]> = {
  admin: [
    { name: 'klussen', ...klussen },
    { name: 'werkbonnen', ...werkbonnen },
    ...MONEY,
    { name: 'klanten', ...klanten },
    { name: 'klussers', ...klussers },
    { name: 'klusser-aanmeldingen', ...aanmeldingen },
    { name: 'franchise-eigenaren', ...franchiseEigenaren },
    { name: 'audit', ...audit },
  ],
  franchise: [{ name: 'klussen', ...franchiseKlussen }, ...MONEY, { name: 'klussers', ...klussers }],
};

/**
 * The resources a user gets in an area. A franchise owner may enter /admin/* too (spec section 6),
 * but may only read the jobs, the planning and the klussers of their regions, follow up their
 * regions' invoices and their own business's bank statements (D30), approve and pay their own
 * business's klusser statements (D31) and read their fee statements (D32) (policy/policy.csv):
 * there they get the franchise's resources, not the admin's menu of pages that would only say
 * 'Je hebt geen toegang'.
 */
function resourcesFor(area: ConsoleArea, permissions: unknown): readonly ResourceProps[] {
  const admin = Array.isArray(permissions) && permissions.includes('admin');
  return area === 'admin' && !admin ? RESOURCES.franchise : RESOURCES[area];
}

/** The console's two areas, each behind its own access check: /admin and /franchise. */
const CONSOLE_AREAS: readonly ConsoleArea[] = ['admin', 'franchise'];

const TITLES: Record<ConsoleArea, string> = {
  admin: `${config.brand} Beheer`,
  franchise: `${config.brand} Franchise`,
};

/** The frame of each area: app bar (name, page title, notifications, logout) and side menu, in layout/. */
const LAYOUTS: Record<ConsoleArea, ReturnType<typeof makeLayout>> = {
  admin: makeLayout(TITLES.admin),
  franchise: makeLayout(TITLES.franchise),
};

/** The settings of the area: the admin's application settings, or the owner's regions' settings. */
function Settings({ area }: { area: ConsoleArea }) {
  const admin = useIsAdmin();
  return area === 'admin' && admin ? <SettingsPage /> : <RegioSettingsPage />;
}

/** The reports, for admins only (a franchise owner who types the address gets the dashboard). */
function Rapportages() {
  const admin = useIsAdmin();
  const { isPending } = usePermissions();
  if (isPending) return null;
  return admin ? <RapportagesPage /> : <Navigate to="/admin/dashboard" replace />;
}

function Console({ area }: { area: ConsoleArea }) {
  // One cache per console: what a write changes besides its own resource is in api/queryClient.ts.
  const [queryClient] = useState(createQueryClient);
  return (
    <Admin
      basename={`/${area}`}
      title={TITLES[area]}
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={LAYOUTS[area]}
      dashboard={ToDashboard}
      loginPage={false}
      disableTelemetry
    >
      {area === 'admin' && (
        <CustomRoutes noLayout>
          <Route
            path="/afdrukken/factuur/:id"
            element={
              <Suspense fallback={<p role="status">Factuur wordt geladen…</p>}>
                <FactuurPrint />
              </Suspense>
            }
          />
        </CustomRoutes>
      )}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard area={area} brand={config.brand} />} />
        <Route path="/beveiliging" element={<SecurityPage />} />
        <Route path="/settings" element={<Settings area={area} />} />
        {area === 'admin' && <Route path="/rapportages" element={<Rapportages />} />}
        <Route path="/planning" element={<PlanningPage />} />
      </CustomRoutes>
      {/* react-admin asks the authProvider for the roles first, then registers these. */}
      {(permissions: unknown) => resourcesFor(area, permissions).map((resource) => <Resource key={resource.name} {...resource} />)}
    </Admin>
  );
}

export function App() {
  return (
    <ThemeProvider theme={muiTheme}>
      <BrowserRouter>
        <Routes>
          <Route path="/admin/auth" element={<ConsoleLogin />} />
          <Route path="/admin/no-access" element={<NoAccess />} />
          {CONSOLE_AREAS.map((area) => (
            <Route
              key={area}
              path={`/${area}/*`}
              element={
                <AccessGuard area={area}>
                  <Console area={area} />
                </AccessGuard>
              }
            />
          ))}
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
        <Toaster />
      </BrowserRouter>
    </ThemeProvider>
  );
}
