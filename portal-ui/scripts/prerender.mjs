// Writes the marketing pages as static HTML after `vite build` (client) and
// `vite build --ssr src/entry-server.tsx` (renderer): dist/index.html for "/", dist/<route>/index.html
// for the others (those with "prerender": true in src/pageModules.json). The markup is rendered with
// placeholder brand, phone and e-mail (%%KLUSMAAT_BRAND%% and so on) that the Go server replaces in
// every HTML file it serves; the browser then hydrates it with the static pages' script
// (src/static-main.tsx, `vite build --mode static`: no React Router) instead of the app's
// (src/main.tsx), whose address it keeps in #root's data-app for markup prerendered for another
// path. dist/shell.html keeps the empty shell for every page that is not prerendered.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chunkClosure, readManifest, readPageModules, readStaticManifest, STATIC_ENTRY } from './assets.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrEntry = join(root, 'dist-ssr', 'entry-server.js');

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) fail('dist/index.html is missing: run vite build first');
if (!existsSync(ssrEntry)) fail('dist-ssr/entry-server.js is missing: run vite build --ssr src/entry-server.tsx first');

// The untouched shell, kept before dist/index.html becomes the home page.
const shellPath = join(dist, 'shell.html');
if (!existsSync(shellPath) || readFileSync(join(dist, 'index.html'), 'utf8').includes('<div id="root"></div>')) {
  copyFileSync(join(dist, 'index.html'), shellPath);
}
const template = readFileSync(shellPath, 'utf8');
if (!template.includes('<div id="root"></div>')) fail('the built index.html has no empty <div id="root"></div>');
if (!/<meta name="klusmaat-config" content=""\s*\/?>/.test(template)) fail('the built index.html lacks the klusmaat-config meta tag');

const manifest = readManifest(dist);
const staticManifest = readStaticManifest(dist);
if (!staticManifest[STATIC_ENTRY]) fail(`dist/.vite/static-manifest.json has no ${STATIC_ENTRY}: run vite build --mode static first`);
const pages = readPageModules(root);
const { render } = await import(pathToFileURL(ssrEntry).href);

// The app's entry tags (script and styles) come out of the template; the static pages' go in.
const app = manifest['index.html'];
if (!app?.isEntry) fail('dist/.vite/manifest.json has no index.html entry');
let staticTemplate = template;
const appTags = [
  new RegExp(`\\s*<script type="module" crossorigin src="/${app.file}"></script>`),
  // The chunks the app's entry imports (React, when the build puts it in a chunk of its own):
  // preloading them would fetch the app's copy of React beside the static pages' own.
  ...chunkClosure(manifest, 'index.html')
    .js.slice(1)
    .map((href) => new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${href}">`)),
  ...(app.css ?? []).map((href) => new RegExp(`\\s*<link rel="stylesheet" crossorigin href="/${href}">`)),
];
for (const tag of appTags) {
  if (!tag.test(staticTemplate)) fail(`the built index.html lacks ${tag.source}`);
  staticTemplate = staticTemplate.replace(tag, '');
}
const entry = chunkClosure(staticManifest, STATIC_ENTRY);
const entryTags = [
  `<script type="module" crossorigin src="${entry.js[0]}"></script>`,
  ...entry.js.slice(1).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ...entry.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
];

let count = 0;
for (const [path, { module, prerender }] of Object.entries(pages)) {
  if (!prerender) continue;
  const { html, title, description } = await render(path);
  if (/<script/i.test(html)) fail(`${path}: the rendered markup contains a <script> (the CSP allows no inline script)`);
  if (!html.includes('%%KLUSMAAT_BRAND%%') && !html.includes('%%KLUSMAAT_PHONE%%')) {
    fail(`${path}: the rendered markup carries no configuration placeholder; was it rendered with prerenderConfig?`);
  }

  // The page's own chunk and styles, so that it neither flashes unstyled nor waits for a waterfall.
  const page = chunkClosure(staticManifest, module);
  const tags = [
    ...entryTags,
    ...page.css.filter((href) => !entry.css.includes(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...page.js.filter((href) => !entry.js.includes(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];

  let out = staticTemplate.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
  if (title !== undefined) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description !== undefined) {
    out = out.replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(description)}" />`);
  }
  out = out.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${escapeHtml(path)}" data-app="/${escapeHtml(app.file)}">${html}</div>`,
  );

  const file = path === '/' ? join(dist, 'index.html') : join(dist, ...path.split('/').filter(Boolean), 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, out);
  count++;
  console.log(`prerender: ${path} -> ${file.slice(root.length + 1)} (${(out.length / 1024).toFixed(1)} kB)`);
}
console.log(`prerender: ${count} pages; the shell for the other pages is dist/shell.html`);
