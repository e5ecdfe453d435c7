import DashboardIcon from '@mui/icons-material/Dashboard';
import { Typography } from '@mui/material';
import { Admin, AppBar, CustomRoutes, Layout, Menu, TitlePortal, useBasename, type LayoutProps } from 'react-admin';
// react-router-dom, not react-router: react-admin imports react-router-dom, and one
// module instance means one router context.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { readConfig } from './config';
import { Dashboard, type ConsoleArea } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { theme } from './theme';

/**
 * The whole console in one file: admins work under /admin, franchise owners
 * under /franchise (spec document 2). Both are the same react-admin app with a
 * different basename; the Go server serves index.html for the paths in
 * src/routes.json and answers 404 for the rest (D21).
 */

const config = readConfig();

/** "/admin" and "/franchise" themselves go to the dashboard. */
function ToDashboard() {
  const basename = useBasename();
  return <Navigate to={`${basename}/dashboard`} replace />;
}

function ConsoleMenu() {
  const basename = useBasename();
  return (
    <Menu>
      <Menu.Item to={`${basename}/dashboard`} primaryText="ra.page.dashboard" leftIcon={<DashboardIcon />} />
    </Menu>
  );
}

const TITLES: Record<ConsoleArea, string> = {
  admin: `${config.brand} Beheer`,
  franchise: `${config.brand} Franchise`,
};

/** The app bar shows the console's name ("Klusmaat Beheer") before the page title. */
function makeLayout(area: ConsoleArea) {
  const ConsoleAppBar = () => (
    <AppBar>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}>
        {TITLES[area]}
      </Typography>
      <TitlePortal />
    </AppBar>
  );
  return function ConsoleLayout(props: LayoutProps) {
    return <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} />;
  };
}

const LAYOUTS: Record<ConsoleArea, ReturnType<typeof makeLayout>> = {
  admin: makeLayout('admin'),
  franchise: makeLayout('franchise'),
};

function Console({ area }: { area: ConsoleArea }) {
  return (
    <Admin
      basename={`/${area}`}
      title={TITLES[area]}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={LAYOUTS[area]}
      dashboard={ToDashboard}
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard area={area} brand={config.brand} />} />
      </CustomRoutes>
    </Admin>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Console area="admin" />} />
        <Route path="/franchise/*" element={<Console area="franchise" />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
