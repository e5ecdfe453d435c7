// Browser test of D1 (regions are rows, not code) as the admin at 1280×800: a region inserted in the
// database, with a town, is offered by the console without a code change — in the region filter of
// Klussen Beheer (/admin/klussen), in 'Nieuwe Klusser' and in 'Maak Klusser Account' of an approved
// application. The region has a slug of its own and is removed afterwards, so the other tests see
// the regions of the demo. axe on the list (before and after filtering) and both dialogs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, newBrowser, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const stamp = `${Date.now() % 1000000}`;
const SLUG = `e2e-${stamp}`;
const NAAM = `Testregio ${stamp}`;
const TOWN = `testdorp ${stamp}`;

const browsers = [];
let page;
let aanmelding;

describe('a region added as a row', { skip: DB_CHECK_SKIP }, () => {
  before(async () => {
    // Before the console loads: it reads the regions once per session.
    queryAsAdmin(`INSERT INTO regions (slug, naam) VALUES ('${SLUG}', '${NAAM}')`);
    queryAsAdmin(`INSERT INTO region_towns (woonplaats, naam, regio) VALUES ('${TOWN}', 'Testdorp ${stamp}', '${SLUG}')`);
    [aanmelding] = expectRow(`
      INSERT INTO klusser_aanmeldingen (naam, leeftijd, email, telefoon, woonplaats, motivatie, beschikbaarheid, status)
      VALUES ('Regina Regio ${stamp}', 70, '${uniqueEmail('regio')}', '06 12 12 12 12', 'Testdorp', 'Graag.', ARRAY['Maandag'], 'goedgekeurd')
      RETURNING id`);
    const b = await newBrowser({ viewport: { width: 1280, height: 800 } });
    browsers.push(b);
    page = await signInConsole(b.context);
  });

  after(async () => {
    for (const b of browsers) await b.close();
    if (aanmelding) queryAsAdmin(`DELETE FROM klusser_aanmeldingen WHERE id = '${aanmelding}'`);
    queryAsAdmin(`DELETE FROM regions WHERE slug = '${SLUG}'`); // its town goes with it (ON DELETE CASCADE)
  });

  test('the jobs list offers it in its region filter, and filters on it', async () => {
    await page.goto(`${BASE_URL}/admin/klussen`);
    await page.getByRole('heading', { level: 1, name: 'Klussen Beheer' }).waitFor();
    await assertNoAxeViolations(page);
    await page.getByRole('combobox', { name: 'Regio' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    assert.ok(options.includes(NAAM), `region filter: ${options.join(', ')}`);
    for (const demo of ['Amsterdam', 'Den Haag', 'Rotterdam', 'Utrecht']) assert.ok(options.includes(demo), `${demo} missing: ${options.join(', ')}`);
    const listed = page.waitForResponse((r) => r.url().includes('/api/v1/klussen?') && new URL(r.url()).searchParams.get('regio') === SLUG);
    await page.getByRole('option', { name: NAAM }).click();
    assert.equal((await listed).status(), 200);
    await page.getByText('Geen klussen gevonden met deze filters').waitFor();
    await assertNoAxeViolations(page);
  });

  test("'Nieuwe Klusser' offers it among the regions", async () => {
    await page.goto(`${BASE_URL}/admin/klussers`);
    await page.getByRole('heading', { level: 1, name: 'Klussers' }).waitFor();
    await page.getByRole('button', { name: 'Nieuwe Klusser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe Klusser' });
    await dialog.getByRole('checkbox', { name: NAAM }).waitFor();
    assert.equal(await dialog.getByRole('checkbox', { name: 'Den Haag' }).count(), 1);
    await assertNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  });

  test("'Maak Klusser Account' offers it among the regions", async () => {
    await page.goto(`${BASE_URL}/admin/klusser-aanmeldingen/${aanmelding}`);
    await page.getByRole('heading', { level: 1, name: `Regina Regio ${stamp}` }).waitFor();
    await page.getByRole('tab', { name: 'Beoordeling' }).click();
    await page.getByRole('button', { name: 'Maak Klusser Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Maak Klusser Account' });
    await dialog.getByRole('checkbox', { name: NAAM }).waitFor();
    const labels = await dialog.getByRole('group', { name: "Regio's" }).locator('label').allTextContents();
    assert.ok(labels.includes(NAAM) && labels.includes('Utrecht'), `account regions: ${labels.join(', ')}`);
    await assertNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
  });
});
