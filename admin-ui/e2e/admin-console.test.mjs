// The console across a deploy: a console opened before a new build asks for a page file of the
// old build, which is gone. It reloads once and shows the page, instead of "Er ging iets mis".
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { newBrowser, signInConsole } from '../../shared-ui/e2e/support.mjs';

let browser;
let page;

before(async () => {
  browser = await newBrowser({ viewport: { width: 1280, height: 800 } });
  page = await signInConsole(browser.context);
});

after(async () => {
  await browser?.close();
});

test('a page file of an older build that is gone: the console reloads once and shows the page', async () => {
  // The klussers page file answers 404 once, as an old file does after a deploy.
  let refused = 0;
  await page.route(/\/admin\/assets\/KlusserList-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'niet gevonden' });
    return route.continue();
  });
  let loads = 0;
  page.on('load', () => loads++);

  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Klussers' }).click();
  await page.getByRole('heading', { level: 1, name: 'Klussers' }).waitFor({ timeout: 15000 });
  assert.equal(refused, 2, 'the file was asked again after the reload');
  assert.equal(loads, 1, 'one reload');
  assert.equal(new URL(page.url()).pathname, '/admin/klussers');
  assert.equal(await page.getByText('Er ging iets mis').count(), 0);
});
