// Helpers of the public-site browser tests (public-*.test.mjs), on top of support.mjs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BASE_URL } from './support.mjs';

/** The public routes of document 000 section 2 (and D20's landing page). */
export const PUBLIC_ROUTES = [
  ['/', 'Uw betrouwbare klusmaat dichtbij'],
  ['/waarom-kiezen', 'Een klus in huis? Een ervaren klusser helpt u graag'],
  ['/diensten', 'Onze diensten'],
  ['/onze-werkwijze', 'Onze werkwijze'],
  ['/klussers', 'Onze klussers'],
  ['/word-klusser', /^Word klusser bij /],
  ['/aanvraag', 'Vraag een klusser aan'],
];

export const PRERENDERED = ['/', '/waarom-kiezen', '/diensten', '/onze-werkwijze', '/word-klusser', '/aanvraag', '/klussers'];

/** A fresh e-mail address for one test run. */
export function uniqueEmail(tag) {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;
}

/** The raw HTML of a path, as the server sends it (no JavaScript runs). */
export async function rawHtml(path) {
  const res = await fetch(`${BASE_URL}${path}`);
  return { status: res.status, html: await res.text() };
}

/** The text of the page's alert(s) of the form, without the toaster's empty live region. */
export async function formAlertText(page) {
  const alerts = page.locator('main [role="alert"]:not(.toast-region)');
  await alerts.first().waitFor({ state: 'visible' });
  return (await alerts.allTextContents()).join(' ').trim();
}

/** The actor key of the test server (KLUSMAAT_ACTOR_KEY; the development default unless set). */
const ACTOR_KEY = process.env.E2E_ACTOR_KEY ?? 'klusmaat-dev-actor-key-not-for-production';

/**
 * Runs SQL as admin through the app role (row-level security applies) and returns the last row.
 * The admin actor is proved as the server proves it (tenants/proof.go): signed with the actor key
 * over the session's nonce and the transaction's count.
 */
export function queryAsAdmin(sql) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) {
    console.warn('public-support: E2E_DATABASE_URL is not set; the database checks are skipped');
    return null;
  }
  const admin = '00000000-0000-0000-0000-000000000001';
  // As the server proves an actor (migrations 024, 041): the session's nonce first, then BEGIN,
  // then the proof as the only statement of its message (psql sends each statement of a script as
  // a message of its own), then the SQL. The proof is the HMAC of klusmaat-actor-v2, the nonce,
  // the transaction's count (1) and the claims.
  const script = [
    'SELECT actor_session() AS nonce \\gset',
    'BEGIN;',
    `SELECT prove_actor('1/admin/${admin}//' || encode(hmac(convert_to(concat_ws(E'\\n', 'klusmaat-actor-v2', :nonce, 1, 'admin', '${admin}', ''), 'UTF8'), convert_to(:'key', 'UTF8'), 'sha256'), 'hex'));`,
    `${sql};`,
    'COMMIT;',
  ].join('\n');
  const out = execFileSync('psql', [url, '-X', '-q', '-tA', '-v', 'ON_ERROR_STOP=1', '-v', `key=${ACTOR_KEY}`], { input: script, encoding: 'utf8' });
  // The proof's row is empty (it returns void); the query's rows follow it (when there are any).
  const rows = out.split('\n').filter((l) => l.trim() !== '');
  return rows.length > 0 ? rows.at(-1).split('|') : null;
}

/** The skip reason of the database checks: they need E2E_DATABASE_URL (CI sets it). */
export const DB_CHECK_SKIP = process.env.E2E_DATABASE_URL ? false : 'E2E_DATABASE_URL is not set: database check skipped';

/** The row of a query that must find one (fails when it finds none). */
export function expectRow(sql) {
  const row = queryAsAdmin(sql);
  assert.notEqual(row, null, `no row for: ${sql}`);
  return row;
}

/** Waits for the step heading of the wizard. */
export async function expectStep(page, n) {
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^Stap ${n} van 4`) });
  await heading.waitFor({ state: 'visible' });
  assert.equal(await page.locator('.wizard-steps [aria-current="step"]').count(), 1);
  assert.match(await page.locator('.wizard-steps [aria-current="step"]').textContent(), new RegExp(`Stap ${n}`));
  return heading;
}

/**
 * Fills the wizard from step 1 to step 4 (without sending): category, description, the first
 * selectable day picked with the keyboard, a time slot.
 */
export async function fillSteps1to3(page, { categorie = 'Montage & Ophangwerk', beschrijving = 'Twee schilderijen ophangen in de woonkamer.', tijd = 'middag (12:00-17:00)' } = {}) {
  await expectStep(page, 1);
  await page.getByLabel(categorie).check();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expectStep(page, 2);
  await page.getByLabel('Wat moet er gebeuren?').fill(beschrijving);
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expectStep(page, 3);
  // Keyboard: Tab into the grid lands on today; one day later, Enter picks it.
  await page.locator('.calendar-grid button[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByLabel(tijd).check();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await expectStep(page, 4);
}

export async function fillContact(page, { naam, telefoon = '070 123 45 67', email = '', adres = 'Herenstraat 12', postcode = '2271 AB', woonplaats = 'Voorburg', contact = 'WhatsApp' }) {
  await page.getByLabel('Naam', { exact: true }).fill(naam);
  await page.getByLabel('Telefoonnummer').fill(telefoon);
  if (email !== '') await page.getByLabel('E-mailadres (niet verplicht)').fill(email);
  await page.getByLabel('Adres (straat en huisnummer)').fill(adres);
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByLabel('Woonplaats').selectOption(woonplaats);
  await page.getByLabel(contact, { exact: true }).check();
}
