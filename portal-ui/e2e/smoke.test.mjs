// Browser smoke test against a running server (the Go server, or any server that serves
// portal-ui/dist and admin-ui/dist the same way):  BASE_URL=http://localhost:8080 npm run e2e
// Chromium, axe-core and the header checks come from support.mjs.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, newBrowser, open as openIn } from '../../shared-ui/e2e/support.mjs';

let browser;
before(async () => {
  browser = await newBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens path in the shared browser; HTML is never cached (the server sends no-cache). */
async function open(path) {
  const opened = await openIn(browser.context, path);
  if (process.env.SKIP_HEADER_CHECK !== '1') {
    assert.equal(opened.response.headers()['cache-control'], 'no-cache', `HTML of ${path} must not be cached`);
  }
  return opened;
}

test('GET / renders the Dutch home page without WCAG violations', async () => {
  const { page, response, errors } = await open('/');
  try {
    assert.equal(response.status(), 200);
    assert.equal(await page.getAttribute('html', 'lang'), 'nl');
    const heading = page.getByRole('heading', { level: 1, name: 'Uw betrouwbare klusmaat dichtbij' });
    await heading.waitFor({ state: 'visible' });
    assert.ok(await page.getByRole('link', { name: 'Naar de inhoud' }).count());
    assert.match(await page.title(), /Uw betrouwbare klusmaat dichtbij/);
    await assertNoAxeViolations(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('GET an unknown path answers 404 with the not-found page', async () => {
  const { page, response, errors } = await open('/deze-pagina-bestaat-niet');
  try {
    assert.equal(response.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor({ state: 'visible' });
    const home = page.getByRole('link', { name: 'Terug naar home' });
    assert.equal(await home.getAttribute('href'), '/');
    await assertNoAxeViolations(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('GET /admin/dashboard without a session ends on the console login', async () => {
  const { page, response, errors } = await open('/admin/dashboard');
  try {
    assert.equal(response.status(), 200);
    // The guard rechecks a missing session 8 times 200 ms apart, then sends the visitor to sign in.
    await page.getByRole('heading', { level: 1, name: 'Admin & Franchise' }).waitFor({ state: 'visible', timeout: 15000 });
    assert.equal(new URL(page.url()).pathname, '/admin/auth');
    assert.equal(new URL(page.url()).searchParams.get('return_to'), '/admin/dashboard');
    assert.equal(await page.getByText('Welcome to react-admin').count(), 0);
    await assertNoAxeViolations(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

for (const [path, heading] of [
  ['/auth', 'Klusser Login'],
  ['/login', 'Medewerkers Login'],
  ['/admin/auth', 'Admin & Franchise'],
]) {
  test(`GET ${path} shows a sign-in form that asks for both fields`, async () => {
    const { page, response, errors } = await open(path);
    try {
      assert.equal(response.status(), 200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible' });
      await page.getByLabel('E-mailadres', { exact: true }).waitFor({ state: 'visible' });
      await page.getByLabel('Wachtwoord', { exact: true }).waitFor({ state: 'visible' });
      assert.equal(await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).getAttribute('href'), '/wachtwoord-vergeten');
      await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await page.getByText('Vul email en wachtwoord in').waitFor({ state: 'visible' });
      await assertNoAxeViolations(page);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

for (const [path, heading] of [
  ['/portals', 'Welkom'],
  ['/wachtwoord-vergeten', 'Wachtwoord vergeten'],
]) {
  test(`GET ${path} renders without WCAG violations`, async () => {
    const { page, response, errors } = await open(path);
    try {
      assert.equal(response.status(), 200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible' });
      await assertNoAxeViolations(page);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
}

test('GET /klusser/dashboard without a session ends on the klusser login', async () => {
  const { page, response, errors } = await open('/klusser/dashboard');
  try {
    assert.equal(response.status(), 200);
    await page.getByRole('heading', { level: 1, name: 'Klusser Login' }).waitFor({ state: 'visible', timeout: 15000 });
    assert.equal(new URL(page.url()).pathname, '/auth');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
