// Shared helpers of the browser tests: Debian's Chromium through playwright-core (never a
// downloaded browser), a fresh profile per browser, axe-core WCAG 2.2 AA checks, and small tools
// for the flows (TOTP codes, the mail catcher).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
export const MAILDEV_URL = (process.env.MAILDEV_URL ?? 'http://127.0.0.1:1081').replace(/\/+$/, '');
export const DEMO_PASSWORD = 'Klusmaat-demo-2026';
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser with an empty profile; close() removes it. Each signed-in user gets its own. */
export async function newBrowser({ viewport } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'klusmaat-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'nl-NL',
    viewport: viewport ?? { width: 1280, height: 900 },
    // The server's Content-Security-Policy forbids inline scripts, which is how axe-core is
    // injected; assertSecurityHeaders checks the header is there, then the test bypasses it.
    bypassCSP: true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The browsers of one test file: open(viewport) starts one, and every one started is closed after
 * the file's tests. console() is the admin's console at 1280×800, signed in (call it in before()).
 */
export function testBrowsers() {
  const started = [];
  after(async () => {
    for (const b of started) await b.close();
  });
  const open = async (viewport) => {
    const b = await newBrowser({ viewport });
    started.push(b);
    return b;
  };
  return { open, console: async (email, dashboard) => signInConsole((await open({ width: 1280, height: 800 })).context, email, dashboard) };
}

/** Opens path in a new page and checks the security headers of the answer. */
export async function open(context, path, { waitUntil = 'networkidle' } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  // What went wrong inside the page goes into the test's output: a failure on the error page
  // ("Er ging iets mis") is then explained by the script error or the request that failed.
  page.on('pageerror', (error) => console.log(`[browser] page error on ${page.url()}: ${error.stack ?? error}`));
  page.on('console', (m) => {
    // 'Failed to load resource' is the browser noting an HTTP error status, which tests cause on purpose.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.log(`[browser] console error on ${page.url()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    // Requests cut off by leaving the page are expected; others are worth a line.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') console.log(`[browser] request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  const response = await page.goto(`${BASE_URL}${path}`, { waitUntil });
  assert.ok(response, `no response for ${path}`);
  assertSecurityHeaders(response.headers(), path);
  return { page, response, errors };
}

export function assertSecurityHeaders(headers, path) {
  if (process.env.SKIP_HEADER_CHECK === '1') return; // a bare static server used while developing
  assert.match(headers['content-security-policy'] ?? '', /script-src 'self'/, `CSP missing on ${path}`);
  assert.equal(headers['x-content-type-options'], 'nosniff', `nosniff missing on ${path}`);
}

/**
 * Runs axe-core on the page and fails on any WCAG 2.2 A/AA violation, printing them. With
 * experimental, axe's experimental rules run as well (label-content-name-mismatch: WCAG 2.5.3
 * label in name; p-as-heading, ...), which axe leaves out unless asked.
 */
export async function assertNoAxeViolations(page, { experimental = false } = {}) {
  // Let transitions finish first: contrast measured halfway through a fade-in (a dialog opening)
  // is a race, not a finding. Endless animations (a spinner) are not waited for.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 5000, polling: 50 },
    )
    .catch(() => {});
  // A dialog's fade may not have started when the line above looks (it starts a frame later):
  // wait until every open dialog and its backdrop are fully opaque.
  await page
    .waitForFunction(
      () => [...document.querySelectorAll('.MuiBackdrop-root, .MuiDialog-container, [role="dialog"]')].every((e) => getComputedStyle(e).opacity === '1'),
      null,
      { timeout: 3000, polling: 50 },
    )
    .catch(() => {});
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })),
    }));
  }, experimental ? [...AXE_TAGS, 'experimental'] : AXE_TAGS);
  if (violations.length > 0) console.error(JSON.stringify(violations, null, 2));
  assert.equal(violations.length, 0, `axe found ${violations.length} WCAG violation(s): ${violations.map((v) => v.id).join(', ')}`);
}

/** RFC 6238 TOTP code (SHA-1, 6 digits, 30 s) for a base32 secret, as an authenticator app shows. */
export function totp(secret, now = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** The e-mails the mail catcher holds for a recipient. */
export async function mailsTo(recipient) {
  const res = await fetch(`${MAILDEV_URL}/email`);
  const all = await res.json();
  return all.filter((m) => m.to?.some((t) => t.address.toLowerCase() === recipient.toLowerCase()));
}

/** Waits until the mail catcher holds at least n e-mails for recipient. */
export async function waitForMails(recipient, n = 1, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(recipient);
    if (mails.length >= n || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until focus is where `isFocused` (run in the page) says, for up to `timeoutMs`. Focus
 * moves in effects after a render; sampling it once right after an element appears is a race.
 */
export async function expectFocus(page, isFocused, message, arg, timeoutMs = 3000) {
  try {
    await page.waitForFunction(isFocused, arg, { timeout: timeoutMs, polling: 25 });
  } catch {
    const now = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName} ${el.getAttribute('name') ?? ''} ${el.textContent?.trim().slice(0, 40) ?? ''}` : 'none';
    });
    assert.fail(`${message} (focus is on: ${now})`);
  }
}

/** Waits until `locator`'s element has focus. */
export async function expectFocused(locator, message) {
  const handle = await locator.elementHandle();
  await expectFocus(locator.page(), (el) => el === document.activeElement, message, handle);
}

/** A small real PNG (a coloured square) for the camera input. */
export function png(r, g, b) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const w = 64;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(w, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: w }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}


/** Signs in to the console (/admin/auth) with a demo account and waits for its dashboard. */
export async function signInConsole(context, email = 'admin@klusmaat.nl', dashboard = '/admin/dashboard') {
  const { page } = await open(context, '/admin/auth');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === dashboard);
  return page;
}

/**
 * Types text into a list's search field and waits until the list has asked the server for it.
 * react-admin sends a search after a pause; a click on a row before that is overtaken by it (the
 * list takes the search into the address and leaves the page the click opened). Only for a search
 * the list does not hold yet: the same text again asks nothing.
 */
export async function searchList(page, label, text) {
  const asked = page.waitForResponse((r) => r.url().includes('/api/v1/') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByLabel(label).fill(text);
  await asked;
}
