// Browser tests of sign-in, routing by role, guards, the no-access page and TOTP, against the
// real server, the real Kratos and the demo accounts (password Klusmaat-demo-2026). The TOTP test
// enrols franchise.utrecht, so it expects the fresh stack that `make test` starts.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, totp } from '../../shared-ui/e2e/support.mjs';

const browsers = [];
async function fresh() {
  const b = await newBrowser();
  browsers.push(b);
  return b.context;
}
after(async () => {
  for (const b of browsers) await b.close();
});

async function signIn(page, email, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

const path = (page) => new URL(page.url()).pathname;

async function waitForPath(page, want, timeout = 10000) {
  await page.waitForURL((url) => url.pathname === want, { timeout });
  assert.equal(path(page), want);
}

test('/auth: empty fields, wrong password, then a klusser is welcomed and signs out again', async () => {
  const { page } = await open(await fresh(), '/auth');
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.getByText('Vul email en wachtwoord in').first().waitFor();

  await signIn(page, 'piet.bakker@klusmaat.nl', 'Helemaal-Fout-123');
  await page.getByText('Onjuist e-mailadres of wachtwoord.').first().waitFor();
  assert.equal(path(page), '/auth');

  await signIn(page, 'piet.bakker@klusmaat.nl');
  await page.getByText('Welkom terug!').first().waitFor();
  await waitForPath(page, '/klusser/dashboard');
  await page.getByRole('heading', { name: 'Welkom, Piet Bakker' }).waitFor();
  await assertNoAxeViolations(page);

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await page.getByText('Succesvol uitgelogd').first().waitFor();
  await waitForPath(page, '/auth');
  // The session is really gone: the klusser area sends the visitor back to /auth.
  await page.goto(`${BASE_URL}/klusser/dashboard`);
  await waitForPath(page, '/auth');
});

test('/auth refuses an admin with a pointer to the admin portal, then goes there after 2 s', async () => {
  const { page } = await open(await fresh(), '/auth');
  await signIn(page, 'admin@klusmaat.nl');
  await page.getByText('Je bent admin of franchise. Gebruik het admin portaal.').first().waitFor();
  const shownAt = Date.now();
  await waitForPath(page, '/admin/auth');
  assert.ok(Date.now() - shownAt >= 1500, 'the redirect should wait about 2 seconds');
});

for (const [email, target, heading] of [
  ['admin@klusmaat.nl', '/admin/dashboard', 'Dashboard'],
  ['franchise.denhaag@klusmaat.nl', '/franchise/dashboard', 'Dashboard'],
  ['piet.bakker@klusmaat.nl', '/klusser/dashboard', 'Welkom, Piet Bakker'],
]) {
  test(`/login (Medewerkers Login) sends ${email} to ${target}`, async () => {
    const { page } = await open(await fresh(), '/login');
    await page.getByRole('heading', { name: 'Medewerkers Login' }).waitFor();
    await signIn(page, email);
    await waitForPath(page, target);
    await page.getByRole('heading', { name: heading }).first().waitFor();
  });
}

test('a klusser in the admin area lands on the no-access page, which points to the handyman portal', async () => {
  const ctx = await fresh();
  const { page } = await open(ctx, '/auth');
  await signIn(page, 'gerrit.visser@klusmaat.nl');
  await waitForPath(page, '/klusser/dashboard');
  await page.goto(`${BASE_URL}/admin/dashboard`);
  await waitForPath(page, '/admin/no-access');
  await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
  await page.getByText('klusser', { exact: false }).first().waitFor();
  for (const name of ['Opnieuw proberen', 'Uitloggen']) {
    await page.getByRole('button', { name }).waitFor();
  }
  await assertNoAxeViolations(page);
  // The server agrees: the klusser's API calls to admin resources are refused.
  const status = await page.evaluate(async () => (await fetch('/api/v1/email-jobs')).status);
  assert.equal(status, 403);
});

test('the franchise area is for franchise owners only: an admin lands on the no-access page', async () => {
  const { page } = await open(await fresh(), '/admin/auth');
  await signIn(page, 'admin@klusmaat.nl');
  await waitForPath(page, '/admin/dashboard');
  await page.goto(`${BASE_URL}/franchise/dashboard`);
  await waitForPath(page, '/admin/no-access');
});

for (const [area, login] of [
  ['/admin/dashboard', '/admin/auth'],
  ['/franchise/dashboard', '/admin/auth'],
  ['/klusser/dashboard', '/auth'],
]) {
  test(`signed out, ${area} redirects to ${login}`, async () => {
    const { page } = await open(await fresh(), area);
    await waitForPath(page, login);
  });
}

test('/admin/auth with TOTP: enrol on Beveiliging, then sign-in asks for the code (D15)', async () => {
  const ctx = await fresh();
  const { page } = await open(ctx, '/admin/auth');
  await signIn(page, 'franchise.utrecht@klusmaat.nl');
  await waitForPath(page, '/franchise/dashboard');

  await page.goto(`${BASE_URL}/franchise/beveiliging`);
  await page.getByRole('heading', { name: 'Beveiliging', level: 1 }).waitFor();
  const secret = (await page.locator('code[aria-describedby="beveiliging-sleutel-uitleg"]').innerText()).replace(/\s+/g, '');
  assert.match(secret, /^[A-Z2-7]{16,}$/);
  await assertNoAxeViolations(page);
  await page.getByLabel('Code uit uw app').fill(totp(secret));
  await page.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  await page.getByRole('button', { name: 'Tweestapsverificatie uitzetten' }).waitFor();

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await waitForPath(page, '/admin/auth');

  // Password alone is not enough any more.
  await signIn(page, 'franchise.utrecht@klusmaat.nl');
  const code = page.getByLabel('Code uit uw app');
  await code.waitFor();
  const meStatus = await page.evaluate(async () => (await fetch('/api/v1/me')).status);
  assert.equal(meStatus, 403, 'the API refuses a session without the second factor');
  await assertNoAxeViolations(page);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await page.getByText('De code is onjuist. Probeer het opnieuw.').first().waitFor();
  await code.fill(totp(secret));
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await waitForPath(page, '/franchise/dashboard');
  const me = await page.evaluate(async () => (await fetch('/api/v1/me')).json());
  assert.equal(me.aal, 'aal2');
  assert.equal(me.mfa_enrolled, true);
});
