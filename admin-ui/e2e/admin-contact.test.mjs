// Browser tests of the promise of contact within 24 hours (D26) at 1280×800: a request from the
// website past the promise is on the admin's and the den-haag franchise owner's dashboards as the
// database counts them, oldest first; the admin logs a call on the job's page, and the request
// leaves the list. The applications past 2 working days are counted on the applications list.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();
const SHOTS = process.env.SHOTS_DIR;
let page;

before(async () => {
  page = await browsers.console();
});

const WAITING = `k.bron = 'website' AND k.status = 'open' AND NOT k.archived
  AND k.created_at < now() - interval '24 hours' AND NOT EXISTS (SELECT 1 FROM klus_contacten c WHERE c.klus_id = k.id)`;
const OVERDUE = `SELECT count(*) FROM klussen k WHERE ${WAITING}`;

describe('contact within 24 hours (D26)', { skip: DB_CHECK_SKIP }, () => {
  const naam = `Mevrouw Terugbel ${Date.now()}`;
  const klus = `Plank ophangen ${Date.now()}`; // under 50 characters: the list shows it whole
  let id;

  before(() => {
    // A request from the website that arrived 100 hours ago: the oldest one waiting.
    [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 3, 'ochtend', 'Herenstraat 3', '2271 AB', 'Voorburg', '070 386 12 99', '${naam}')
      RETURNING id`);
    // At least 100 hours ago and older than any request already waiting (a database used before).
    queryAsAdmin(`UPDATE klussen SET bron = 'website',
      created_at = least(now() - interval '100 hours', (SELECT min(k.created_at) - interval '1 minute' FROM klussen k WHERE k.id <> '${id}' AND ${WAITING}))
      WHERE id = '${id}'`);
  });

  test("the dashboards list it first as 'Nog niet teruggebeld', counted as the database counts", async () => {
    const [overdue] = expectRow(OVERDUE);
    await page.goto(`${BASE_URL}/admin/dashboard`);
    const section = page.getByRole('region', { name: /Nog niet teruggebeld/ });
    await section.waitFor();
    assert.equal(await section.getByTestId('terugbellen-aantal').textContent(), overdue);
    const first = section.getByRole('listitem').first();
    assert.match(await first.textContent(), new RegExp(`${naam}, Voorburg.*\\d+ dagen te laat`));
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-terugbellen.png`, fullPage: true });

    // 'Alle ... bekijken' leads to the jobs list filtered on the waiting requests, this one marked.
    await section.getByRole('link', { name: /^Alle \d+ bekijken$/ }).click();
    // The short link is taken into the list's own filter (and oldest first) before the list loads.
    await page.waitForURL((url) => url.pathname === '/admin/klussen' && decodeURIComponent(url.search).includes('"terugbellen":"te_laat"'));
    const row = page.getByRole('row').filter({ hasText: klus });
    await row.getByText('Nog niet teruggebeld', { exact: true }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klussen-terugbellen.png` });

    // The den-haag franchise owner sees its region's requests only.
    const owner = await browsers.console('franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
    const [own] = expectRow(`${OVERDUE} AND k.regio = 'den-haag'`);
    const ownSection = owner.getByRole('region', { name: /Nog niet teruggebeld/ });
    await ownSection.waitFor();
    assert.equal(await ownSection.getByTestId('terugbellen-aantal').textContent(), own);
    assert.match(await ownSection.getByRole('listitem').first().textContent(), new RegExp(naam));
  });

  test("the admin logs a call on the job's page; the request leaves the list", async () => {
    const [before] = expectRow(OVERDUE);
    await page.goto(`${BASE_URL}/admin/dashboard`);
    await page.getByRole('link', { name: `${naam}, Voorburg` }).click();
    // The admin's link opens the job's dialog on the jobs list, where the contact is logged.
    await page.waitForURL(`${BASE_URL}/admin/klussen?klus=${id}`);
    const details = page.getByRole('dialog').filter({ hasText: klus });
    await details.getByText('Nog geen contact vastgelegd.').waitFor();
    await details.getByRole('button', { name: 'Contact vastleggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact vastleggen' });
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await dialog.getByText('Kies hoe je contact had: gebeld, WhatsApp of e-mail.').waitFor();
    await dialog.getByRole('radio', { name: 'Gebeld' }).check();
    await dialog.getByLabel(/Notitie/).fill('Mevrouw gebeld; donderdagochtend komt Piet langs.');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-vastleggen.png` });
    await dialog.getByRole('button', { name: 'Vastleggen' }).click();
    await page.getByText('Contact vastgelegd', { exact: true }).first().waitFor();
    const log = details.getByTestId('contact-log');
    await log.getByText('Mevrouw gebeld; donderdagochtend komt Piet langs.').waitFor();
    assert.match(await log.textContent(), /Gebeld.*Anna de Vries/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-log.png` });
    assert.deepEqual(expectRow(`SELECT wijze, door_naam FROM klus_contacten WHERE klus_id = '${id}'`), ['gebeld', 'Anna de Vries']);
    assert.equal(Number(expectRow(OVERDUE)[0]), Number(before) - 1);
    await page.keyboard.press('Escape');

    // The filtered list: the request was on it before the call (checked on a fresh page), not after.
    await page.goto(`${BASE_URL}/admin/klussen?terugbellen=te_laat`);
    await page.getByRole('heading', { level: 1, name: 'Klussen Beheer' }).waitFor();
    await page.getByText('Nog niet teruggebeld', { exact: true }).first().waitFor();
    assert.equal(await page.getByText(klus).count(), 0, 'the called request is off the filtered list');
    await assertNoAxeViolations(page);
  });
});
