// Browser test of the console's notifications (D33, issue 39 item 8) and its layout's landmarks
// (item 18) at 1280 px, against the real server, Kratos and database. The admin's bell counts the
// unread notifications; a klusser claiming a pool job (a real action, on its own session) makes the
// notify job write 'Klus opgepakt door Piet Bakker', which reaches the bell live over the event
// stream; 'Gelezen' and 'Alles gelezen' hold after a reload; a notification opens its job. The jobs
// come from the test itself (den-haag pool jobs made through the database as admin).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const CONSOLE = { width: 1280, height: 800 };
const stamp = Date.now();
const EERSTE = `E2E meldingen ${stamp}: een spiegel ophangen`;
const TWEEDE = `E2E meldingen ${stamp}: een kapstok ophangen`;
const SHOTS = process.env.SCREENSHOT_DIR;

const browsers = [];
async function browser(viewport) {
  const b = await newBrowser({ viewport });
  browsers.push(b);
  return b.context;
}

function poolJob(beschrijving) {
  return expectRow(
    `INSERT INTO klussen (status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode,
       woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents)
     VALUES ('open', 'pool', 'den-haag', 'montage', '${beschrijving}',
       (now() AT TIME ZONE 'Europe/Amsterdam')::date + 9, 'middag', 'Herenstraat 3', '2271 AB', 'Voorburg',
       '070 555 12 35', 'e2e-melding@example.nl', 'Meneer E2E', 1, 6500)
     RETURNING id`,
  )[0];
}

/** Piet Bakker, signed in on its own session, claims a job as the portal does (POST …/claim). */
async function claimAsKlusser(context, klusId) {
  const response = await context.request.post(`${BASE_URL}/api/v1/klusser/klussen/${klusId}/claim`, {
    headers: { 'X-Klusmaat-CSRF': '1', Accept: 'application/json' },
  });
  assert.equal(response.status(), 200, `claim answered ${response.status()}: ${await response.text()}`);
}

async function klusserSession() {
  const context = await browser({ width: 390, height: 844 });
  const { page } = await open(context, '/auth');
  await page.getByLabel('E-mailadres').fill('piet.bakker@klusmaat.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  return context;
}

/** The server's answer to a mark-read call (the bell shows the change before it). */
const saved = (page, end) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(end) && r.ok());

const bell = (page, name) => page.getByRole('banner').getByRole('button', { name });

describe('console notifications at 1280 px', { skip: DB_CHECK_SKIP }, () => {
  const jobs = [];
  before(() => {
    jobs.push(poolJob(EERSTE), poolJob(TWEEDE));
  });
  after(async () => {
    for (const b of browsers) await b.close();
    for (const id of jobs) queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });

  test("the app bar has no heading before the page's h1, and the side menu is a navigation landmark of links (item 18)", async () => {
    const page = await signInConsole(await browser(CONSOLE));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    assert.equal(await page.getByRole('banner').getByRole('heading').count(), 0, 'no heading in the app bar');
    const first = await page.evaluate(() => document.querySelector('h1, h2, h3, h4, h5, h6, [role="heading"]')?.tagName);
    assert.equal(first, 'H1', "the page's first heading is its h1");
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    assert.equal(await page.getByRole('menu').count(), 0, 'no application menu for site navigation');
    assert.equal(await page.getByRole('menuitem').count(), 0);
    assert.ok((await nav.getByRole('listitem').count()) >= 10, 'the menu is a list');
    assert.equal(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), 'page');
    await nav.getByRole('link', { name: 'Klanten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Klantbeheer' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Klanten' }).getAttribute('aria-current'), 'page');
    assert.equal(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), null);
    await assertNoAxeViolations(page);
  });

  test('a claimed job reaches the bell live, opens its job, and read and all-read hold after a reload', async () => {
    const page = await signInConsole(await browser(CONSOLE));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Start from an inbox without unread notifications: the demo's and earlier runs' all read.
    await bell(page, /^Meldingen, /).click();
    let panel = page.getByRole('dialog', { name: 'Meldingen' });
    await panel.waitFor();
    if (await panel.getByRole('button', { name: 'Alles gelezen' }).isEnabled()) await panel.getByRole('button', { name: 'Alles gelezen' }).click();
    await page.keyboard.press('Escape');
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    const klusser = await klusserSession();
    await claimAsKlusser(klusser, jobs[0]);
    // Live: no reload; the count and a screen reader's announcement follow the stream.
    await bell(page, 'Meldingen, 1 ongelezen').waitFor({ timeout: 15000 });
    await page.getByRole('status').filter({ hasText: 'Nieuwe melding: Klus opgepakt door Piet Bakker' }).waitFor();
    const box = await bell(page, 'Meldingen, 1 ongelezen').boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `the bell is a 44 px target (${box?.width}x${box?.height})`);

    await bell(page, 'Meldingen, 1 ongelezen').click();
    panel = page.getByRole('dialog', { name: 'Meldingen' });
    const newest = panel.getByRole('listitem').first();
    assert.equal(await newest.getByRole('link').textContent(), 'Ongelezen: Klus opgepakt door Piet Bakker');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-meldingen-1280.png` });
    await Promise.all([saved(page, '/read'), newest.getByRole('button', { name: 'Gelezen: Klus opgepakt door Piet Bakker' }).click()]);
    assert.equal(await newest.getByRole('link').textContent(), 'Klus opgepakt door Piet Bakker', 'no longer unread');
    // The panel is modal (the page behind it is hidden from screen readers): close it to see the bell.
    await page.keyboard.press('Escape');
    await bell(page, 'Meldingen, geen ongelezen').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    await claimAsKlusser(klusser, jobs[1]);
    await bell(page, 'Meldingen, 1 ongelezen').waitFor({ timeout: 15000 });
    await bell(page, 'Meldingen, 1 ongelezen').click();
    panel = page.getByRole('dialog', { name: 'Meldingen' });
    await Promise.all([saved(page, '/read-all'), panel.getByRole('button', { name: 'Alles gelezen' }).click()]);
    assert.equal(await panel.getByRole('button', { name: 'Alles gelezen' }).isDisabled(), true);
    await page.keyboard.press('Escape');
    await bell(page, 'Meldingen, geen ongelezen').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    // The newest notification opens the second job's details in Klussen Beheer.
    await bell(page, 'Meldingen, geen ongelezen').click();
    await page.getByRole('dialog', { name: 'Meldingen' }).getByRole('link', { name: 'Klus opgepakt door Piet Bakker' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin/klussen' && url.searchParams.get('klus') === jobs[1]);
    await page.getByText(TWEEDE).first().waitFor();
    await assertNoAxeViolations(page);
  });
});
