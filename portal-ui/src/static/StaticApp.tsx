import { StrictMode, type ComponentType } from 'react';
import { ConfigContext, type SiteConfig } from '@klusmaat/shared-ui/config';
import { Layout } from '../layout/Layout';
import { StaticRoute } from './router';

/**
 * A prerendered page as the static bundle hydrates it: the same layout and page as the app's
 * (src/main.tsx), with the static router (./router.tsx) in place of React Router.
 */
export function StaticApp({ pathname, Page, config }: { pathname: string; Page: ComponentType; config: SiteConfig }) {
  return (
    <StrictMode>
      <ConfigContext value={config}>
        <StaticRoute pathname={pathname} outlet={<Page />}>
          <Layout />
        </StaticRoute>
      </ConfigContext>
    </StrictMode>
  );
}
