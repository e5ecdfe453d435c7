/**
 * Build-time rendering of the marketing pages (scripts/prerender.mjs). Renders one route to HTML
 * with the placeholder configuration (config.prerenderConfig), waiting for the lazy page, and
 * returns the markup with the page's title and description. The browser hydrates it (main.tsx).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ConfigContext, prerenderConfig } from '@klusmaat/shared-ui/config';
import { buildRoutes } from './router';
import { PageHeadSink, type PageHead } from './usePageTitle';

export interface Rendered {
  html: string;
  title: string | undefined;
  description: string | undefined;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(path: string): Promise<Rendered> {
  const routes = buildRoutes();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head: PageHead = {};
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageHeadSink value={head}>
        <ConfigContext value={prerenderConfig}>
          {/* hydrate={false}: no inline script (the CSP allows none); the routes have no loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ConfigContext>
      </PageHeadSink>
    </StrictMode>,
    {
      onError(error) {
        throw error;
      },
    },
  );
  return { html: await streamToString(prelude), title: head.title, description: head.description };
}
