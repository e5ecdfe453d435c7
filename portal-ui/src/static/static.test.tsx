// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pageModules from '../pageModules.json';

const PRERENDERED = Object.entries(pageModules)
  .filter(([, v]) => v.prerender)
  .map(([path]) => path);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The prerendered pages are rendered with React Router (entry-server.tsx) and hydrated without it
 * (static-main.tsx, whose build resolves 'react-router' to ./router.tsx). Both must give the same
 * markup, or hydration would not match.
 */
describe('the static pages’ router', () => {
  const withRouter = new Map<string, string>();
  const withStaticRouter = new Map<string, string>();

  beforeAll(async () => {
    const { render } = await import('../entry-server');
    for (const path of PRERENDERED) withRouter.set(path, (await render(path)).html);

    // From here on every module imports ./router.tsx as 'react-router', as in the static build.
    vi.resetModules();
    vi.doMock('react-router', () => import('./router'));
    const { prerenderToNodeStream } = await import('react-dom/static');
    const { StaticApp } = await import('./StaticApp');
    const { staticPages } = await import('./pages');
    const { prerenderConfig } = await import('@klusmaat/shared-ui/config');
    for (const path of PRERENDERED) {
      const load = staticPages[path];
      if (load === undefined) continue;
      // As static-main.tsx hydrates it: the page's module loaded first.
      const { default: Page } = await load();
      const { prelude } = await prerenderToNodeStream(<StaticApp pathname={path} Page={Page} config={prerenderConfig} />);
      withStaticRouter.set(path, await streamToString(prelude));
    }
    vi.doUnmock('react-router');
  });

  // The modules loaded under the mock stay in the worker's cache, which the next test file shares
  // (isolate: false): it must import them anew, with the real React Router.
  afterAll(() => vi.resetModules());

  it('has exactly the prerendered pages', async () => {
    const { staticPages } = await import('./pages');
    expect(Object.keys(staticPages).sort()).toEqual([...PRERENDERED].sort());
  });

  it.each(PRERENDERED)('renders %s as React Router does', (path) => {
    const html = withStaticRouter.get(path);
    expect(html).toBeDefined();
    expect(html).toContain('<h1');
    expect(html).toBe(withRouter.get(path));
  });

  it('marks the current page in the menu, as NavLink does', () => {
    expect(withStaticRouter.get('/diensten')).toContain('<a aria-current="page" class="nav-link active" href="/diensten" data-discover="true">Diensten</a>');
    expect(withStaticRouter.get('/diensten')).toContain('<a class="nav-link" href="/" data-discover="true">Home</a>');
  });
});
