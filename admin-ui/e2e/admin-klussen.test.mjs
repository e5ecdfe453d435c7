// Browser tests of the back office as the admin at 1280×800: the live dashboard, and a
// job's life in Klussen Beheer — created in the pool (a klusser of its region is notified),
// assigned directly, its status changed from the row, archived and deleted. The database is
// checked after each step; axe-core checks every page and dialog.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, newBrowser, open, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, fillContact, fillSteps1to3, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const DESKTOP = { width: 1280, height: 800 };
const browsers = [];
const PIET = 'piet.bakker@klusmaat.nl';

async function context() {
  const b = await newBrowser({ viewport: DESKTOP });
  browsers.push(b);
  return b.context;
}

async function adminPage(path) {
  const page = await signInConsole(await context());
  if (path !== '/admin/dashboard') await page.goto(`${process.env.BASE_URL ?? 'http://localhost:8080'}${path}`);
  return page;
}

/** Polls sql until it answers a row (River jobs and the stream take a moment). */
async function eventually(sql, timeoutMs = 15000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = queryAsAdmin(sql);
    if (row !== null || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function toast(page, text) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10000 });
}

/** Chooses an option of a react-admin/MUI select by its label. */
async function choose(scope, label, option) {
  await scope.getByRole('combobox', { name: label }).click();
  const page = typeof scope.page === 'function' ? scope.page() : scope;
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
}

after(async () => {
  for (const b of browsers) await b.close();
});

describe('admin dashboard', () => {
  test('the open tile counts a new public request live, without a reload', { skip: DB_CHECK_SKIP }, async () => {
    const page = await adminPage('/admin/dashboard');
    const openTile = page.getByTestId('count-open');
    await openTile.waitFor();
    const [dbOpen] = expectRow(`SELECT count(*) FROM klussen WHERE status = 'open' AND NOT archived`);
    assert.equal(await openTile.textContent(), dbOpen, 'the tile shows what the database counts');
    await assertNoAxeViolations(page);
    const before = Number(dbOpen);
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });

    const beschrijving = `Live dashboard ${Date.now()}`;
    const { page: publicPage } = await open(await context(), '/aanvraag');
    await fillSteps1to3(publicPage, { beschrijving });
    await fillContact(publicPage, { naam: 'Mevrouw Live' });
    await publicPage.getByRole('button', { name: 'Verzenden' }).click();
    await publicPage.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' }).waitFor();

    await page.waitForFunction((n) => document.querySelector('[data-testid="count-open"]')?.textContent === String(n), before + 1, { timeout: 10000 });
    assert.equal(reloaded, false, 'the page was not reloaded');
    assert.match(await page.getByTestId('recent-activity').textContent(), new RegExp(beschrijving));
    queryAsAdmin(`DELETE FROM klussen WHERE beschrijving = '${beschrijving}'`);
  });
});

describe('Klussen Beheer', { skip: DB_CHECK_SKIP }, () => {
  const beschrijving = `Beheertest ${Date.now()}`;
  let page;
  let id;

  before(async () => {
    page = await adminPage('/admin/klussen');
    await page.getByRole('heading', { level: 1, name: 'Klussen Beheer' }).waitFor();
  });

  test('the list and its status cards are axe clean and count as the database does', async () => {
    const [afgerond] = expectRow(`SELECT count(*) FROM klussen WHERE status = 'afgerond' AND NOT archived`);
    await page.waitForFunction((n) => document.querySelector('[data-testid="card-afgerond"]')?.textContent?.includes(n), afgerond);
    await page.getByTestId('card-afgerond').click();
    await page.waitForFunction(() => decodeURIComponent(location.search).includes('"status":"afgerond"'));
    // The card knows it is chosen before it is clicked again (a click earlier would choose it twice).
    await page.locator('[data-testid="card-afgerond"][aria-pressed="true"]').waitFor();
    await page.getByTestId('card-afgerond').click();
    // The second click clears the filter; the next tests search the whole list.
    await page.waitForFunction(() => !decodeURIComponent(location.search).includes('"status":"afgerond"'));
    await assertNoAxeViolations(page);
  });

  test('a job created in the pool is open and a klusser of its region is notified', async () => {
    await page.getByRole('button', { name: 'Nieuwe klus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe klus' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Klus aanmaken' }).click();
    await dialog.getByText('Vul alle verplichte velden in').first().waitFor();
    await assertNoAxeViolations(page);

    const [morgen] = expectRow(`SELECT to_char((now() AT TIME ZONE 'Europe/Amsterdam')::date + 3, 'YYYY-MM-DD')`);
    await dialog.getByLabel('Datum').fill(morgen);
    await choose(dialog, 'Tijd', '10:00');
    await choose(dialog, 'Categorie', 'Elektra');
    await dialog.getByLabel('Omschrijving').fill(beschrijving);
    await dialog.getByLabel('Voornaam').fill('Greet');
    await dialog.getByLabel('Achternaam').fill('Beheer');
    await dialog.getByLabel('Adres').fill('Herenstraat 12');
    await dialog.getByLabel('Postcode').fill('2271 AB');
    await dialog.getByLabel('Woonplaats').fill('Voorburg');
    await dialog.getByLabel('Telefoon').fill('070 123 45 67');
    assert.equal(await dialog.getByLabel('Uurtarief (€)').inputValue(), '65', 'rate defaults to 65');
    assert.equal(await dialog.getByLabel('Geschatte duur (uren)').inputValue(), '1', 'duration defaults to 1');
    await dialog.getByRole('button', { name: 'Klus aanmaken' }).click();
    await toast(page, 'Klus aangemaakt');

    const row = expectRow(`SELECT id, status, assignment_type, regio, geschat_tarief_cents FROM klussen WHERE beschrijving = '${beschrijving}'`);
    [id] = row;
    assert.deepEqual(row.slice(1), ['open', 'pool', 'den-haag', '6500']);
    const notified = await eventually(
      `SELECT n.type FROM notifications n JOIN profiles p ON p.id = n.user_id WHERE n.klus_id = '${id}' AND p.email = '${PIET}'`,
    );
    assert.deepEqual(notified, ['nieuwe_klus'], 'Piet (den-haag) is told of the new pool job');
  });

  test('the detail dialog assigns the job directly to a klusser of its region', async () => {
    await page.getByLabel('Zoeken (omschrijving, adres of e-mail)').fill(beschrijving);
    const cell = page.getByRole('cell', { name: 'Elektra' });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await cell.click();
    const dialog = page.getByRole('dialog', { name: 'Klusdetails' });
    await dialog.getByText(beschrijving).waitFor();
    await assertNoAxeViolations(page);
    await choose(dialog, 'Klusser uit Den Haag', /^Piet Bakker/);
    await dialog.getByRole('button', { name: 'Direct toewijzen' }).click();
    await toast(page, 'Klusser toegewezen vanuit pool - werkbon aangemaakt');
    await dialog.getByRole('button', { name: 'Sluiten' }).click();

    const row = expectRow(
      `SELECT k.status, k.assignment_type, p.email, (SELECT count(*) FROM werkbonnen w WHERE w.klus_id = k.id) FROM klussen k JOIN profiles p ON p.id = k.klusser_id WHERE k.id = '${id}'`,
    );
    assert.deepEqual(row, ['ingepland', 'pool', PIET, '1'], 'planned for Piet, with a work order (D16)');
    const told = await eventually(`SELECT type FROM notifications WHERE klus_id = '${id}' AND type = 'klus_toegewezen'`);
    assert.deepEqual(told, ['klus_toegewezen']);
    const [audits] = expectRow(`SELECT count(*) FROM audit_log WHERE entity_id = '${id}' AND action = 'assign'`);
    assert.equal(audits, '1', 'the assignment is in the audit log');
  });

  test('the row dropdown sets any status, archive and delete ask first', async () => {
    await page.getByRole('combobox', { name: `Status van ${beschrijving}` }).click();
    await page.getByRole('option', { name: 'Bezig', exact: true }).click();
    await toast(page, 'Status bijgewerkt');
    assert.deepEqual(expectRow(`SELECT status FROM klussen WHERE id = '${id}'`), ['bezig']);
    const [before, after] = expectRow(
      `SELECT before->>'status', after->>'status' FROM audit_log WHERE entity_id = '${id}' AND action = 'status' ORDER BY id DESC LIMIT 1`,
    );
    assert.deepEqual([before, after], ['ingepland', 'bezig'], 'the audit log holds before and after');

    await page.getByRole('button', { name: `Archiveren: ${beschrijving}` }).click();
    const confirmArchive = page.getByRole('dialog', { name: 'Klus archiveren?' });
    await confirmArchive.waitFor();
    await assertNoAxeViolations(page);
    await confirmArchive.getByRole('button', { name: 'Archiveren' }).click();
    await toast(page, 'Klus gearchiveerd');
    await page.getByText('Geen klussen gevonden met deze filters').waitFor();
    assert.deepEqual(expectRow(`SELECT archived FROM klussen WHERE id = '${id}'`), ['t']);

    await choose(page, 'Archief', 'Met gearchiveerde');
    await page.getByRole('button', { name: `Verwijderen: ${beschrijving}` }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Klus permanent verwijderen?' });
    await confirmDelete.waitFor();
    await confirmDelete.getByRole('button', { name: 'Permanent verwijderen' }).click();
    await toast(page, 'Klus permanent verwijderd');
    assert.equal(queryAsAdmin(`SELECT id FROM klussen WHERE id = '${id}'`), null, 'the job is gone');
  });
});
