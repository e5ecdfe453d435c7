// Browser test of the klusser's notifications on a phone (390 px, D33, issue 39 item 8), against
// the real server, Kratos and database. The bell in the portal's header counts the unread
// notifications; the office putting a job in the pool of the klusser's region (a real action:
// POST /api/v1/klussen/{id}/pool on the admin's own session) makes the notify job write 'Nieuwe
// klus beschikbaar in jouw regio!', which reaches the bell live over the event stream; the
// notification opens the job in the pool; 'Gelezen' and 'Alles gelezen' hold after a reload. The
// jobs come from the test itself (open den-haag jobs made through the database as admin).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const EERSTE = `E2E klusser-meldingen ${stamp}: een lamp vervangen`;
const TWEEDE = `E2E klusser-meldingen ${stamp}: een deur afstellen`;
const SHOTS = process.env.SCREENSHOT_DIR;

const browsers = [];
async function browser(viewport) {
  const b = await newBrowser({ viewport });
  browsers.push(b);
  return b.context;
}

function openJob(beschrijving) {
  return expectRow(
    `INSERT INTO klussen (status, regio, categorie, beschrijving, datum, tijd, adres, postcode,
       woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents)
     VALUES ('open', 'den-haag', 'montage', '${beschrijving}',
       (now() AT TIME ZONE 'Europe/Amsterdam')::date + 8, 'ochtend', 'Herenstraat 5', '2271 AB', 'Voorburg',
       '070 555 12 36', 'e2e-melding@example.nl', 'Mevrouw E2E', 1, 6500)
     RETURNING id`,
  )[0];
}

/** The office puts a job in the pool as the console does (POST /api/v1/klussen/{id}/pool). */
async function toPool(adminPage, klusId) {
  const response = await adminPage.request.post(`${BASE_URL}/api/v1/klussen/${klusId}/pool`, {
    headers: { 'X-Klusmaat-CSRF': '1', Accept: 'application/json' },
  });
  assert.equal(response.status(), 200, `pool answered ${response.status()}: ${await response.text()}`);
}

async function signIn(context) {
  const { page } = await open(context, '/auth');
  await page.getByLabel('E-mailadres').fill('piet.bakker@klusmaat.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Welkom, Piet Bakker' }).waitFor();
  return page;
}

/** The server's answer to a mark-read call (the bell shows the change before it). */
const saved = (page, end) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(end) && r.ok());

const bell = (page, name) => page.getByRole('button', { name });

describe('klusser notifications on a phone', { skip: DB_CHECK_SKIP }, () => {
  const jobs = [];
  before(() => {
    jobs.push(openJob(EERSTE), openJob(TWEEDE));
  });
  after(async () => {
    for (const b of browsers) await b.close();
    for (const id of jobs) queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });

  test('a job put in the pool reaches the bell live, opens in the pool, and read and all-read hold after a reload', async () => {
    const page = await signIn(await browser(PHONE));
    const admin = await signInConsole(await browser({ width: 1280, height: 800 }));
    // Start from an inbox without unread notifications.
    await bell(page, /^Meldingen, /).click();
    let panel = page.getByRole('dialog', { name: 'Meldingen' });
    await panel.waitFor();
    if (await panel.getByRole('button', { name: 'Alles gelezen' }).isEnabled()) await panel.getByRole('button', { name: 'Alles gelezen' }).click();
    await panel.getByRole('button', { name: 'Sluiten' }).click();
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    await toPool(admin, jobs[0]);
    // Live: no reload; the count and a screen reader's announcement follow the stream.
    await bell(page, 'Meldingen, 1 ongelezen').waitFor({ timeout: 15000 });
    await page.getByRole('status').filter({ hasText: 'Nieuwe melding: Nieuwe klus beschikbaar in jouw regio!' }).waitFor();
    const box = await bell(page, 'Meldingen, 1 ongelezen').boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `the bell is a 44 px target (${box?.width}x${box?.height})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'nothing wider than the phone');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klusser-header-390.png` });

    await bell(page, 'Meldingen, 1 ongelezen').click();
    panel = page.getByRole('dialog', { name: 'Meldingen' });
    const newest = panel.getByRole('listitem').first();
    assert.equal(await newest.getByRole('link').textContent(), 'Ongelezen: Nieuwe klus beschikbaar in jouw regio!');
    const read = newest.getByRole('button', { name: 'Gelezen: Nieuwe klus beschikbaar in jouw regio!' });
    const readBox = await read.boundingBox();
    assert.ok(readBox && readBox.height >= 44, `'Gelezen' is a 44 px target (${readBox?.height})`);
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klusser-meldingen-390.png` });
    await Promise.all([saved(page, '/read'), read.click()]);
    await bell(page, 'Meldingen, geen ongelezen').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    await toPool(admin, jobs[1]);
    await bell(page, 'Meldingen, 1 ongelezen').waitFor({ timeout: 15000 });
    await bell(page, 'Meldingen, 1 ongelezen').click();
    panel = page.getByRole('dialog', { name: 'Meldingen' });
    await Promise.all([saved(page, '/read-all'), panel.getByRole('button', { name: 'Alles gelezen' }).click()]);
    await bell(page, 'Meldingen, geen ongelezen').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await bell(page, 'Meldingen, geen ongelezen').waitFor();

    // The newest notification opens the second job in the pool, with its details.
    await bell(page, 'Meldingen, geen ongelezen').click();
    await page.getByRole('dialog', { name: 'Meldingen' }).getByRole('link', { name: 'Nieuwe klus beschikbaar in jouw regio!' }).first().click();
    await page.waitForURL((url) => url.pathname === '/klusser/beschikbare-klussen');
    const details = page.getByRole('dialog', { name: 'Montage & Ophangwerk' });
    await details.getByText(TWEEDE).waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klusser-klus-uit-melding-390.png` });
  });
});
