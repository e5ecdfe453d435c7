// Browser tests of the franchise portal as the franchise owner of den-haag at 1280×800:
// the dashboard counts what the database counts for den-haag and follows a new den-haag request
// live, while a utrecht one changes nothing; a utrecht job's id is not found; the klussers and
// settings pages; the owner at /admin/klussen reads without the admin's controls. axe checks each.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, fillContact, fillSteps1to3, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const browsers = [];
let page;

async function context() {
  const b = await newBrowser({ viewport: { width: 1280, height: 800 } });
  browsers.push(b);
  return b.context;
}

async function request(beschrijving, woonplaats, postcode) {
  const { page: p } = await open(await context(), '/aanvraag');
  await fillSteps1to3(p, { beschrijving });
  await fillContact(p, { naam: 'Meneer Franchise', woonplaats, postcode });
  await p.getByRole('button', { name: 'Verzenden' }).click();
  await p.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' }).waitFor();
  await p.close();
}

const openTile = () => page.getByTestId('count-open').textContent();

before(async () => {
  ({ page } = await open(await context(), '/admin/auth'));
  await page.getByLabel('E-mailadres').fill('franchise.denhaag@klusmaat.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/franchise/dashboard');
});

after(async () => {
  for (const b of browsers) await b.close();
  queryAsAdmin(`DELETE FROM klussen WHERE beschrijving LIKE 'Franchise live %'`);
});

describe('franchise den-haag', { skip: DB_CHECK_SKIP }, () => {
  test('the dashboard counts den-haag as the database does, and follows a den-haag request live but not a utrecht one', async () => {
    await page.getByText("Jouw regio: Den Haag").waitFor();
    await page.getByTestId('count-open').waitFor();
    for (const status of ['open', 'ingepland', 'bezig', 'afgerond']) {
      const [n] = expectRow(`SELECT count(*) FROM klussen WHERE regio = 'den-haag' AND status = '${status}' AND NOT archived`);
      assert.equal(await page.getByTestId(`count-${status}`).textContent(), n, `${status} tile`);
    }
    await assertNoAxeViolations(page);

    const before = Number(await openTile());
    const stamp = Date.now();
    await request(`Franchise live ${stamp} den-haag`, 'Voorburg', '2271 AB');
    await page.waitForFunction((n) => document.querySelector('[data-testid="count-open"]')?.textContent === String(n), before + 1, { timeout: 10000 });
    await page.getByTestId('recent-activity').getByText(`Franchise live ${stamp} den-haag`, { exact: false }).waitFor();

    await request(`Franchise live ${stamp} utrecht`, 'Zeist', '3701 AA');
    expectRow(`SELECT id FROM klussen WHERE beschrijving = 'Franchise live ${stamp} utrecht' AND regio = 'utrecht'`);
    await page.waitForTimeout(2000); // the stream would have said so by now
    assert.equal(Number(await openTile()), before + 1, 'a utrecht request does not count for den-haag');
    assert.equal(await page.getByText(`Franchise live ${stamp} utrecht`, { exact: false }).count(), 0, 'nor shows up');
  });

  test('the jobs list holds den-haag only; a utrecht job id is not found', async () => {
    await page.getByRole('link', { name: 'Klussen', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Klussen in jouw regio' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    const [total] = expectRow(`SELECT count(*) FROM klussen WHERE regio = 'den-haag' AND NOT archived`);
    await page.getByText(`van ${total}`, { exact: false }).first().waitFor();
    await assertNoAxeViolations(page);

    await page.locator('tbody tr').first().getByRole('link', { name: /^Details van/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Klus' }).waitFor();
    await assertNoAxeViolations(page);

    const [utrecht] = expectRow(`SELECT id FROM klussen WHERE regio = 'utrecht' LIMIT 1`);
    await page.goto(`${BASE_URL}/franchise/klussen/${utrecht}`);
    await page.getByRole('heading', { level: 1, name: 'Klus niet gevonden' }).waitFor();
  });

  test('klussers of den-haag only; settings of den-haag saved', async () => {
    await page.goto(`${BASE_URL}/franchise/klussers`);
    await page.getByRole('heading', { level: 1, name: 'Klussers in jouw regio' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await assertNoAxeViolations(page);
    // By search, not by the first page: other tests add klussers to den-haag.
    const search = page.getByLabel('Zoeken op naam, e-mail of telefoon');
    await search.fill('Piet Bakker');
    await page.locator('tbody tr td.column-naam', { hasText: 'Piet Bakker' }).waitFor();
    await search.fill('Gerrit Visser');
    await page.getByText('Geen klussers gevonden in jouw regio').waitFor();
    assert.equal(await page.locator('tbody tr td.column-naam', { hasText: 'Gerrit Visser' }).count(), 0, 'Gerrit works in utrecht');

    await page.goto(`${BASE_URL}/franchise/settings`);
    const phone = page.getByLabel('Supporttelefoon Den Haag');
    await phone.waitFor();
    assert.equal(await page.getByLabel('Supporttelefoon Utrecht').count(), 0, 'no other region');
    await assertNoAxeViolations(page);
    const oud = await phone.inputValue();
    await phone.fill('070 999 88 77');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Opgeslagen', { exact: true }).first().waitFor();
    assert.deepEqual(expectRow(`SELECT support_phone FROM franchise_settings WHERE regio = 'den-haag'`), ['070 999 88 77']);
    await phone.fill(oud);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[role="alert"], .MuiSnackbar-root').length > 0);
  });

  test('at /admin/klussen the owner reads its region without the admin controls', async () => {
    // On /admin/* too an owner gets the franchise's own pages: here its jobs list, read-only.
    await page.goto(`${BASE_URL}/admin/klussen`);
    await page.getByRole('heading', { level: 1, name: 'Klussen in jouw regio' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Nieuwe klus' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Verwijderen:/ }).count(), 0);
    const towns = await page.locator('tbody tr').allTextContents();
    assert.ok(towns.every((t) => !t.includes('Utrecht') && !t.includes('Zeist')), 'no utrecht job');
    await assertNoAxeViolations(page);
  });
});

describe('an admin assigns regions', { skip: DB_CHECK_SKIP }, () => {
  const email = `franchise-e2e-${Date.now()}@example.nl`;
  const password = 'Klusmaat-e2e-2026!';

  after(() => {
    queryAsAdmin(`DELETE FROM user_roles WHERE user_id IN (SELECT id FROM profiles WHERE email = '${email}')`);
    queryAsAdmin(`DELETE FROM profiles WHERE email = '${email}'`);
  });

  test("a new owner signs in to its region, and sees the change of its regions on its next page", async () => {
    const admin = await signInConsole(await context());
    await admin.goto(`${BASE_URL}/admin/franchise-eigenaren`);
    await admin.getByRole('button', { name: 'Nieuwe franchisenemer' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nieuwe franchisenemer' });
    await dialog.getByLabel(/^Naam/).fill('Fenna Franchise');
    await dialog.getByLabel(/^E-mailadres/).fill(email);
    await dialog.getByLabel(/^Wachtwoord/).fill(password);
    await dialog.getByLabel('Utrecht').check();
    await assertNoAxeViolations(admin);
    await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
    await admin.getByText('Franchisenemer aangemaakt', { exact: true }).first().waitFor();

    const { page: owner } = await open(await context(), '/admin/auth');
    await owner.getByLabel('E-mailadres').fill(email);
    await owner.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await owner.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await owner.waitForURL((url) => url.pathname === '/franchise/dashboard');
    await owner.getByText('Jouw regio: Utrecht').waitFor();

    await admin.getByLabel('Zoeken op naam of e-mail').fill('Fenna');
    await admin.getByRole('button', { name: "Regio's wijzigen van Fenna Franchise" }).click();
    const regios = admin.getByRole('dialog', { name: "Regio's van Fenna Franchise" });
    await regios.getByLabel('Utrecht').uncheck();
    await assertNoAxeViolations(admin);
    await regios.getByRole('button', { name: 'Opslaan' }).click();
    await admin.getByText("Regio's opgeslagen", { exact: true }).first().waitFor();

    await owner.reload();
    await owner.getByText('Je regio is nog niet toegewezen. Neem contact op met de admin om je regio in te stellen.').waitFor();
    await assertNoAxeViolations(owner);
  });
});

describe('the owner on a phone', () => {
  test('reads the jobs of its region as a list of lines, each a link to the job', async () => {
    const b = await newBrowser({ viewport: { width: 390, height: 844 } });
    browsers.push(b);
    const phone = await signInConsole(b.context, 'franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
    await phone.goto(`${BASE_URL}/franchise/klussen`);
    const first = phone.locator('a[href*="/franchise/klussen/"]').first();
    await first.waitFor();
    // No table on a phone: the lines of react-admin's SimpleList, and the app bar fits its width.
    assert.equal(await phone.getByRole('columnheader').count(), 0);
    assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling at 390 px');
    await assertNoAxeViolations(phone);
  });
});
