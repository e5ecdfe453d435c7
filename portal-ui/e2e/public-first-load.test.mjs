// Issue 44: the request wizard's first load. The HTML of /aanvraag names the scripts the page needs
// before it can be used (its module script and modulepreloads: the static pages' entry and the
// wizard's first step with what they import; scripts/prerender.mjs writes them). Those scripts
// weigh at most 60 kB gzip -9, counted as make bench-web counts them (scripts/assets.mjs), and with
// every other script refused the page works: the first step's check and the move to step 2, and the
// phone menu. The prerendered pages hydrate on Preact's runtime (vite.config.ts), which does not
// compare the server's markup with its own as React does: every page keeps the elements of its
// HTML when it runs, none is drawn anew (the page would jump).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { BASE_URL, newBrowser, open } from '../../shared-ui/e2e/support.mjs';
import { expectStep, formAlertText, PRERENDERED, rawHtml } from '../../shared-ui/e2e/public-support.mjs';
import { htmlAssets } from '../scripts/assets.mjs';

/** Issue 44: the request wizard's first-load JavaScript, gzip -9. */
const AANVRAAG_JS_BUDGET = 60 * 1024;
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;

/** The scripts that /aanvraag's HTML loads (script and modulepreload tags). */
let firstLoad;
let browser;
before(async () => {
  const { status, html } = await rawHtml('/aanvraag');
  assert.equal(status, 200);
  firstLoad = htmlAssets(html).js;
  browser = await newBrowser({ viewport: { width: 390, height: 844 } });
});
after(async () => {
  await browser?.close();
});

test('/aanvraag loads at most 60 kB of JavaScript (gzip) before it can be used', async (t) => {
  assert.ok(firstLoad.length > 0, 'the HTML of /aanvraag names no script');
  let total = 0;
  for (const url of firstLoad) {
    const res = await fetch(`${BASE_URL}${url}`);
    assert.equal(res.status, 200, url);
    const gzip = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    t.diagnostic(`${url}: ${kB(gzip)}`);
    total += gzip;
  }
  t.diagnostic(`/aanvraag: ${kB(total)} of JavaScript in ${firstLoad.length} files (budget ${kB(AANVRAAG_JS_BUDGET)})`);
  assert.ok(total <= AANVRAAG_JS_BUDGET, `/aanvraag loads ${kB(total)} of JavaScript first, more than ${kB(AANVRAAG_JS_BUDGET)}`);
});

test('/aanvraag works with only those scripts: the first step, the move to step 2 and the menu', async () => {
  const refused = [];
  await browser.context.route('**/*', (route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && !firstLoad.includes(pathname)) {
      refused.push(pathname);
      return route.abort('aborted');
    }
    return route.continue();
  });
  const { page, errors } = await open(browser.context, '/aanvraag');
  try {
    await expectStep(page, 1);
    // The step's check: nothing chosen is refused, with the message.
    const next = page.getByRole('button', { name: 'Volgende', exact: true });
    await page.locator('.wizard-actions button[type="submit"]:not([disabled])').waitFor();
    await next.click();
    assert.equal(await formAlertText(page), 'Kies een categorie');
    await page.getByLabel('Montage & Ophangwerk').check();
    await next.click();
    // Step 2 itself is loaded after the page runs (its script was refused here): the wizard moves
    // on and says that the step could not be loaded.
    await expectStep(page, 2);
    await page.getByText('Deze stap kon niet worden geladen').waitFor();
    assert.ok(refused.length > 0, 'no later script was refused: does the wizard still load its later steps on their own?');

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    assert.equal(await menu.getByRole('link', { name: 'Diensten' }).count(), 1);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await browser.context.unroute('**/*');
  }
});

test('every prerendered page keeps the elements of its HTML when it runs', async () => {
  const context = browser.context;
  // The elements of the server's markup, taken before any script runs.
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      // A region that says it is still loading (the showcase's cards) gets its content: left out.
      window.__serverElements = [...document.querySelectorAll('#root *')].filter((el) => el.closest('[aria-busy="true"]') === null);
    });
  });
  for (const path of PRERENDERED) {
    const { page, errors } = await open(context, path);
    try {
      // Hydrated: the menu button works.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      const redrawn = await page.evaluate(() =>
        window.__serverElements
          .filter((el) => !el.isConnected)
          .map((el) => `<${el.localName}${el.className ? ` class="${el.className}"` : ''}>`),
      );
      assert.deepEqual(redrawn, [], `${path}: elements of the server's HTML were drawn anew`);
      assert.deepEqual(errors, [], path);
    } finally {
      await page.close();
    }
  }
});
