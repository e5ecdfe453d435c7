// The public pages: headings and titles, WCAG 2.2 AA (axe) on every route, header and footer per
// route, the prerendered HTML (present before any JavaScript, placeholders replaced by the server,
// hydrated rather than rendered again) and the links between the pages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, BASE_URL, newBrowser, open } from '../../shared-ui/e2e/support.mjs';
import { PRERENDERED, PUBLIC_ROUTES, rawHtml } from '../../shared-ui/e2e/public-support.mjs';

const FOOTER = new Set(['/', '/diensten', '/onze-werkwijze', '/klussers', '/word-klusser']);

let browser;
before(async () => {
  browser = await newBrowser();
});
after(async () => {
  await browser?.close();
});

for (const [path, heading] of PUBLIC_ROUTES) {
  test(`${path}: one h1, a title, no WCAG violations, header ${FOOTER.has(path) ? 'and footer' : 'without footer'}`, async () => {
    const { page, response, errors } = await open(browser.context, path);
    try {
      assert.equal(response.status(), 200);
      assert.equal(await page.getAttribute('html', 'lang'), 'nl');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.equal(await page.locator('h1').count(), 1, 'one h1');
      assert.ok((await page.title()).length > 10);
      assert.equal(await page.getByRole('banner').count(), 1, 'the header shows');
      assert.equal(await page.getByRole('contentinfo').count(), FOOTER.has(path) ? 1 : 0, 'footer rule');
      if (path === '/klussers') await page.locator('.klusser-card, .klussers-empty').first().waitFor();
      await assertNoAxeViolations(page);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test('the header is hidden on /klusser paths, the footer on the other pages', async () => {
  const { page } = await open(browser.context, '/klusser/bestaat-niet');
  try {
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
    assert.equal(await page.getByRole('banner').count(), 0);
    assert.equal(await page.getByRole('contentinfo').count(), 0);
  } finally {
    await page.close();
  }
  for (const path of ['/auth', '/portals', '/bestaat-niet']) {
    const { page: p } = await open(browser.context, path);
    try {
      await p.locator('h1').waitFor();
      assert.equal(await p.getByRole('banner').count(), 1, `header on ${path}`);
      assert.equal(await p.getByRole('contentinfo').count(), 0, `no footer on ${path}`);
    } finally {
      await p.close();
    }
  }
});

test('base text is at least 18px and the buttons are at least 44px high', async () => {
  const { page } = await open(browser.context, '/');
  try {
    const size = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    assert.ok(size >= 18, `body text ${size}px`);
    const heights = await page.locator('main .button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    assert.ok(heights.length > 0 && heights.every((h) => h >= 44), `button heights ${heights}`);
  } finally {
    await page.close();
  }
});

test('the home page links to the second landing page, which offers a call and an online request', async () => {
  const { page } = await open(browser.context, '/');
  try {
    await page.getByRole('link', { name: /Lees waarom u voor .* kiest/ }).click();
    await page.waitForURL((url) => url.pathname === '/waarom-kiezen');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.match(await page.getByRole('link', { name: /^Bel nu/ }).getAttribute('href'), /^tel:\+?\d+$/);
    assert.equal(await page.getByRole('link', { name: 'Of vraag online aan' }).getAttribute('href'), '/aanvraag');
    // The three reasons are the cards of the section under the "Waarom kiezen voor ...?" heading.
    const reasons = await page.getByRole('region', { name: /^Waarom kiezen voor .+\?$/ }).locator('.benefit-card h3').allTextContents();
    assert.deepEqual(reasons, ['Vakkundig', 'VOG-gescreend', 'Lokaal']);
    assert.equal(await page.locator('.process-step').count(), 4);
    assert.equal(await page.locator('.card-grid .info-card').count(), 6);
  } finally {
    await page.close();
  }
});

test('the working method page states the 4 steps and the promises', async () => {
  const { page } = await open(browser.context, '/onze-werkwijze');
  try {
    const text = await page.locator('main').textContent();
    assert.equal(await page.locator('.process-step').count(), 4);
    for (const promise of [/binnen 24 uur/i, /gratis/i, /werkbeoordelaar/i, /vaste prijs/i, /foto van uw klusser/i, /WhatsApp/]) {
      assert.match(text, promise);
    }
  } finally {
    await page.close();
  }
});

test('prerendered pages carry their heading before any JavaScript, with the placeholders replaced', async () => {
  const { html: home } = await rawHtml('/');
  assert.match(home, /<h1[^>]*>Uw betrouwbare klusmaat dichtbij<\/h1>/);
  assert.match(home, /data-prerendered="\/"/);
  const { html: diensten } = await rawHtml('/diensten');
  assert.match(diensten, /<h1[^>]*>Onze diensten<\/h1>/);
  assert.match(diensten, /Deze klus aanvragen/);
  assert.match(diensten, /<title>Diensten – [^<%]+<\/title>/);
  for (const path of PRERENDERED) {
    const { status, html } = await rawHtml(path);
    assert.equal(status, 200, path);
    assert.match(html, new RegExp(`data-prerendered="${path}"`), `${path} is prerendered`);
    assert.match(html, /href="tel:\+?\d+"/, `${path}: a tel: link with digits`);
  }
  // Every page the server sends has its placeholders replaced.
  for (const path of [...PUBLIC_ROUTES.map(([p]) => p), '/auth', '/login', '/portals', '/bestaat-niet', '/admin/auth']) {
    const { html } = await rawHtml(path);
    assert.doesNotMatch(html, /%%KLUSMAAT/, `${path} still carries a placeholder`);
  }
  // Pages that are not prerendered start from the empty shell, not from the home page's markup.
  for (const path of ['/auth', '/bestaat-niet']) {
    const { html } = await rawHtml(path);
    assert.doesNotMatch(html, /data-prerendered/, `${path} gets the shell`);
  }
});

test('prerendered markup is hydrated, not thrown away and rendered again', async () => {
  for (const path of PRERENDERED) {
    const page = await browser.context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    // Keep the h1 of the server's HTML before any script runs, then compare after hydration.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__serverH1 = document.querySelector('h1');
      });
    });
    try {
      await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
      // A hydrated page reacts: the menu button works (rendered by React, not static HTML).
      const same = await page.evaluate(() => window.__serverH1 !== null && window.__serverH1 === document.querySelector('h1'));
      assert.equal(same, true, `${path}: the server's h1 was kept by hydration`);
      assert.deepEqual(problems, [], `${path}: no hydration errors`);
      await page.setViewportSize({ width: 400, height: 800 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      await assertNoAxeViolations(page);
    } finally {
      await page.close();
    }
  }
});
