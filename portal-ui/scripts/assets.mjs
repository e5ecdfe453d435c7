// Shared by prerender.mjs and bench-web.mjs: what a page of the build loads first, from
// dist/index.html (the entry's tags) and dist/.vite/manifest.json (the lazy chunk of each page).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The prerendered pages' script (`vite build --mode static`): its manifest and entry. */
export const STATIC_ENTRY = 'src/static-main.tsx';
export function readStaticManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'static-manifest.json'), 'utf8'));
}

export function readPageModules(root) {
  return JSON.parse(readFileSync(join(root, 'src', 'pageModules.json'), 'utf8'));
}

/** The script, modulepreload and stylesheet URLs that an HTML document references. */
export function htmlAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/\brel="modulepreload"/.test(tag)) js.add(href);
    else if (/\brel="stylesheet"/.test(tag)) css.add(href);
  }
  return { js: [...js], css: [...css] };
}

/**
 * The files (as URLs under /) that loading a manifest entry pulls in: its own chunk, its static
 * imports, recursively, and their styles. Dynamic imports are not followed (they load later).
 */
export function chunkClosure(manifest, key) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const entry = manifest[k];
    if (!entry) throw new Error(`manifest has no entry for ${k}`);
    js.add(`/${entry.file}`);
    for (const c of entry.css ?? []) css.add(`/${c}`);
    for (const i of entry.imports ?? []) visit(i);
  };
  visit(key);
  return { js: [...js], css: [...css] };
}

/** First-load assets of a route: the entry's tags in the HTML plus the closure of its lazy page. */
export function firstLoad(html, manifest, module) {
  const base = htmlAssets(html);
  const page = chunkClosure(manifest, module);
  return {
    js: [...new Set([...base.js, ...page.js])],
    css: [...new Set([...base.css, ...page.css])],
  };
}
