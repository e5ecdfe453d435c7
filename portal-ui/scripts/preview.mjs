#!/usr/bin/env node
// A small static server for dist/ that follows the Go server's contract (services/platform/web), for
// trying the build and running bench-web without the back end:
//   node scripts/preview.mjs [--port 4173]      then  BASE_URL=http://127.0.0.1:4173 npm run bench-web
// - a path listed in dist/routes.json gets dist/<path>/index.html if it exists, else dist/shell.html
//   (or index.html); any other path gets the shell with HTTP 404;
// - every HTML page has its %%KLUSMAAT_*%% placeholders and the config meta tag filled (defaults or
//   KLUSMAAT_BRAND / KLUSMAAT_SUPPORT_PHONE / KLUSMAAT_SUPPORT_EMAIL);
// - hashed assets are sent precompressed (.br / .gz from scripts/compress.mjs) when accepted;
// - unhashed files at the top of dist/ (sw.js, the klusser manifest, icons) as they are.
// The API (/api/...) is not there: pages that need it show their error states.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const portArg = process.argv.indexOf('--port');
const port = Number(portArg >= 0 ? process.argv[portArg + 1] : process.env.PORT ?? 4173);
const site = {
  brand: process.env.KLUSMAAT_BRAND ?? 'Klusmaat',
  phone: process.env.KLUSMAAT_SUPPORT_PHONE ?? '070 123 45 67',
  email: process.env.KLUSMAAT_SUPPORT_EMAIL ?? 'info@klusmaat.nl',
};
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

function fill(html) {
  return html
    .replace(/<meta name="klusmaat-config" content=""\s*\/?>/, `<meta name="klusmaat-config" content="${esc(JSON.stringify(site))}">`)
    .replaceAll('%%KLUSMAAT_BRAND%%', esc(site.brand))
    .replaceAll('%%KLUSMAAT_PHONE_TEL%%', esc(site.phone.replace(/[^\d+]/g, '')))
    .replaceAll('%%KLUSMAAT_PHONE%%', esc(site.phone))
    .replaceAll('%%KLUSMAAT_EMAIL%%', esc(site.email));
}

const patterns = JSON.parse(readFileSync(join(dist, 'routes.json'), 'utf8')).map(
  (p) => new RegExp(`^${p.replace(/:[^/]+/g, '[^/]+')}$`),
);
const shellFile = existsSync(join(dist, 'shell.html')) ? join(dist, 'shell.html') : join(dist, 'index.html');

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const accepts = req.headers['accept-encoding'] ?? '';
  if (path.startsWith('/assets/')) {
    const file = join(dist, path);
    if (!file.startsWith(join(dist, 'assets')) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'public, max-age=31536000, immutable', Vary: 'Accept-Encoding' };
    for (const [enc, ext] of [['br', '.br'], ['gzip', '.gz']]) {
      if (accepts.includes(enc) && existsSync(file + ext)) {
        res.writeHead(200, { ...headers, 'Content-Encoding': enc }).end(readFileSync(file + ext));
        return;
      }
    }
    res.writeHead(200, headers).end(readFileSync(file));
    return;
  }
  // Unhashed files at the top of the build (the service worker, the web app manifest, icons), as
  // the Go server's serveRootFile sends them.
  const top = join(dist, path.slice(1));
  if (/^\/[^/]+$/.test(path) && !path.endsWith('.html') && path !== '/routes.json' && existsSync(top) && !statSync(top).isDirectory()) {
    res.writeHead(200, { 'Content-Type': TYPES[extname(top)] ?? 'application/octet-stream', 'Cache-Control': 'public, max-age=3600' }).end(readFileSync(top));
    return;
  }
  const known = patterns.some((re) => re.test(path));
  const own = path === '/' ? join(dist, 'index.html') : join(dist, path, 'index.html');
  const file = known && existsSync(own) && (path !== '/' || existsSync(join(dist, 'shell.html'))) ? own : shellFile;
  let body = Buffer.from(fill(readFileSync(file, 'utf8')));
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
  if (accepts.includes('gzip')) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  res.writeHead(known ? 200 : 404, headers).end(body);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`preview: http://127.0.0.1:${server.address().port} (dist/ as the Go server serves it, compressed)`);
});
