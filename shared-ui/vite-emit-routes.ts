import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Emits an app's src/routes.json into dist/routes.json. The Go server reads that file to decide
 * whether a path is a page of the app (200) or unknown (404), see D21. Only literal segments and
 * ":param" segments are allowed, so that the server can match them without a full React Router.
 * Both front ends use it: their vite.config.ts imports this file by path.
 */
export function emitRoutes(routesFile: string): Plugin {
  return {
    name: 'klusmaat-emit-routes',
    buildStart() {
      this.addWatchFile(routesFile);
    },
    generateBundle() {
      const routes: unknown = JSON.parse(readFileSync(routesFile, 'utf8'));
      if (!Array.isArray(routes) || routes.length === 0) {
        this.error('src/routes.json must be a non-empty array of route patterns');
      }
      for (const route of routes as unknown[]) {
        if (typeof route !== 'string' || !/^\/(?:(?::?[A-Za-z0-9_-]+)(?:\/(?::?[A-Za-z0-9_-]+))*)?$/.test(route)) {
          this.error(`src/routes.json: invalid route pattern ${JSON.stringify(route)}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}
