// Browser tests of Back office II as the admin at 1280×800: a klusser made with
// 'Nieuwe Klusser', shown on the public /klussers page once visible, a showcase photo uploaded and
// removed (the public page follows), the klusser archived (it leaves the public page) and brought
// back (it returns); both exports of /admin/rapportages run in the background and their files
// opened. axe on every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { BASE_URL, assertNoAxeViolations, newBrowser, open, png, signInConsole, searchList } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = [];
let page;
let visitor;

before(async () => {
  const b = await newBrowser({ viewport: { width: 1280, height: 800 } });
  browsers.push(b);
  page = await signInConsole(b.context);
  const v = await newBrowser();
  browsers.push(v);
  visitor = v.context;
});

after(async () => {
  for (const b of browsers) await b.close();
});

async function toast(text) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10000 });
}

/**
 * Records the text of every toast the console shows from the next page load on, however briefly it
 * stays: a toast lives four seconds, and a locator polling a busy browser can miss it.
 */
async function recordToasts(p) {
  await p.addInitScript(() => {
    window.__toasts = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.MuiSnackbarContent-message')) {
        const text = el.textContent ?? '';
        if (text !== '' && !window.__toasts.includes(text)) window.__toasts.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * The first recorded toast (recordToasts) that matches pattern. When none comes, the error names the
 * toasts that did come and what the page shows, and a screenshot is left in .data/.
 */
async function seenToast(p, pattern, timeout) {
  try {
    const found = await p.waitForFunction((src) => window.__toasts.find((t) => new RegExp(src).test(t)), pattern.source, { timeout });
    return await found.jsonValue();
  } catch (e) {
    await p.screenshot({ path: fileURLToPath(new URL('../../.data/e2e-toast-missing.png', import.meta.url)) }).catch(() => {});
    const seen = await p.evaluate(() => window.__toasts).catch(() => 'unknown');
    const main = await p.locator('body').innerText().catch(() => 'unknown');
    throw new Error(`no toast ${pattern} (${e.message}); toasts seen: ${JSON.stringify(seen)}; the page: ${main.replace(/\s+/g, ' ').slice(0, 600)}`, { cause: e });
  }
}

/** The public showcase as a visitor sees it now: the card of name, or null. */
async function publicCard(name) {
  const { page: p } = await open(visitor, '/klussers');
  try {
    await p.getByRole('heading', { level: 1, name: 'Onze klussers' }).waitFor();
    await p.locator('.klusser-card').first().waitFor();
    const card = p.locator('.klusser-card').filter({ has: p.getByRole('heading', { level: 2, name }) });
    if ((await card.count()) === 0) return null;
    return { text: await card.textContent(), imgs: await card.locator('img').evaluateAll((els) => els.map((e) => e.getAttribute('src'))) };
  } finally {
    await p.close();
  }
}

describe('klussers', { skip: DB_CHECK_SKIP }, () => {
  const email = uniqueEmail('klusser');
  const naam = `Kees Testklusser ${Date.now() % 100000}`;

  test('Nieuwe Klusser makes the account; made visible it shows on /klussers', async () => {
    await page.goto(`${BASE_URL}/admin/klussers`);
    await page.getByRole('heading', { level: 1, name: 'Klussers' }).waitFor();
    await page.getByTestId('klussers-Totaal klussers').waitFor();
    await assertNoAxeViolations(page);
    await page.getByRole('button', { name: 'Nieuwe Klusser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe Klusser' });
    await dialog.getByLabel(/^Naam/).fill(naam);
    await dialog.getByLabel(/^E-mailadres/).fill(email);
    await dialog.getByLabel(/^Wachtwoord/).fill('Klusmaat-test-2026!');
    await dialog.getByLabel(/^Telefoon/).fill('06 11 22 33 44');
    await dialog.getByLabel(/^Woonplaats/).fill('Voorburg');
    await dialog.getByRole('checkbox', { name: 'Den Haag' }).check();
    await assertNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Klusser aanmaken' }).click();
    await toast('Klusser succesvol aangemaakt');
    assert.deepEqual(expectRow(`SELECT r.role, p.regio::text FROM profiles p JOIN user_roles r ON r.user_id = p.id WHERE p.email = '${email}'`), ['klusser', '{den-haag}']);
    assert.equal(await publicCard(naam), null, 'not visible yet: not on the public page');

    await searchList(page, 'Zoeken op naam, e-mail of telefoon', naam);
    await page.getByRole('link', { name: `Details van ${naam}` }).click();
    await page.getByRole('tab', { name: 'Profiel' }).waitFor();
    await page.getByLabel('Zichtbaar op de website').check();
    await page.getByRole('checkbox', { name: 'Tuinwerk' }).check();
    await page.getByLabel('Introductie (voor de website)').fill('Ik help u graag in de tuin.');
    await page.getByLabel('Gepensioneerd sinds (jaar)').fill('2018');
    await assertNoAxeViolations(page);
    await page.getByRole('button', { name: 'Profiel opslaan' }).click();
    await toast('Profiel opgeslagen');
    const card = await publicCard(naam);
    assert.ok(card, 'visible: on the public page');
    assert.match(card.text, /Tuinwerk/);
  });

  test('a showcase photo uploaded shows on /klussers, and is gone when removed', async () => {
    await page.getByRole('tab', { name: 'Website Showcase' }).click();
    await page.getByRole('heading', { name: 'Profielfoto' }).waitFor();
    await assertNoAxeViolations(page);
    await page.getByLabel('Profielfoto uploaden').setInputFiles({ name: 'kees.png', mimeType: 'image/png', buffer: png(30, 120, 200) });
    await toast('Foto geüpload');
    const img = page.getByRole('img', { name: `Profielfoto van ${naam}` });
    await img.waitFor();
    const src = await img.getAttribute('src');
    assert.match(src, /^\/files\/public\//);
    const shown = await publicCard(naam);
    assert.ok(shown.imgs.includes(src), `the public card shows the new photo (${shown.imgs})`);
    assert.equal((await fetch(`${BASE_URL}${src}`)).status, 200);

    await page.getByRole('button', { name: 'Verwijderen: Profielfoto' }).click();
    await toast('Foto verwijderd');
    await page.getByText('Nog geen foto').first().waitFor();
    const after = await publicCard(naam);
    assert.ok(!after.imgs.includes(src), 'the removed photo is no longer on the public card');
    assert.match(after.text, /Geen foto beschikbaar/);
    assert.equal((await fetch(`${BASE_URL}${src}`)).status, 404, 'the removed file is gone');
  });

  test('Archiveren makes the klusser inactive and takes it off /klussers', async () => {
    await page.goto(`${BASE_URL}/admin/klussers`);
    await page.getByRole('heading', { level: 1, name: 'Klussers' }).waitFor().catch(async (e) => {
      await page.screenshot({ path: '/tmp/e2e-klussers-fail.png' });
      throw e;
    });
    await page.getByLabel('Zoeken op naam, e-mail of telefoon').fill(naam);
    await page.getByRole('button', { name: `Acties voor ${naam}` }).click();
    await page.getByRole('menuitem', { name: 'Archiveren' }).click();
    const confirm = page.getByRole('dialog', { name: `${naam} archiveren?` });
    await confirm.getByText('Alle gegevens blijven bewaard.', { exact: false }).waitFor();
    await assertNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Archiveren' }).click();
    await toast('Klusser gearchiveerd');
    assert.deepEqual(expectRow(`SELECT actief::text FROM profiles WHERE email = '${email}'`), ['false']);
    assert.equal(await publicCard(naam), null, 'an archived klusser is not on the public page');
    // Hidden by default, found with the archive switch.
    await page.getByText('Geen klussers gevonden').waitFor();
    await page.getByLabel('Gearchiveerde klussers tonen').check();
    await page.getByRole('link', { name: `Details van ${naam}` }).click();

    // Brought back with Actief on the Profiel tab: active again, and back on the public page.
    await page.getByLabel('Actief', { exact: true }).check();
    await page.getByRole('button', { name: 'Profiel opslaan' }).click();
    await toast('Profiel opgeslagen');
    assert.deepEqual(expectRow(`SELECT actief::text FROM profiles WHERE email = '${email}'`), ['true']);
    assert.ok(await publicCard(naam), 'a reactivated visible klusser is on the public page again');
  });
});

describe('reports', { skip: DB_CHECK_SKIP }, () => {
  /** Runs an export from /admin/rapportages over a wide period and returns the toast and the file's text. */
  async function runExport(button, toastPattern) {
    await recordToasts(page);
    await page.goto(`${BASE_URL}/admin/rapportages`);
    await page.getByRole('heading', { level: 1, name: 'Rapportages' }).waitFor();
    await page.getByLabel('Startdatum').fill('2026-01-01');
    await page.getByLabel('Einddatum').fill('2026-12-31');
    await assertNoAxeViolations(page);
    // The export runs as a background job: on a busy machine (two browser shards at once) it can
    // take longer than a page's usual wait.
    const download = page.waitForEvent('download', { timeout: 60000 });
    await page.getByRole('button', { name: button, exact: true }).click();
    const message = await seenToast(page, toastPattern, 60000);
    const file = await download;
    const text = await readFile(await file.path(), 'utf8');
    await assertNoAxeViolations(page);
    return { message, text, name: file.suggestedFilename() };
  }

  test('Uren Export: the completed work orders of the period, semicolons, hours x 65', async () => {
    const [n] = expectRow(`SELECT count(*) FROM werkbonnen WHERE status = 'completed'
      AND eind_tijd >= timestamptz '2026-01-01 00:00 Europe/Amsterdam' AND eind_tijd < timestamptz '2027-01-01 00:00 Europe/Amsterdam'`);
    const { message, text, name } = await runExport('Uren Export', /werkbonnen geëxporteerd$/);
    assert.equal(message, `${n} werkbonnen geëxporteerd`);
    assert.equal(name, 'uren-export-01-01-2026-tot-31-12-2026.csv');
    const lines = text.replace(/^\ufeff/, '').trim().split('\n');
    assert.equal(lines[0], 'Datum;Klusser;Regio;Woonplaats;Omschrijving;Uren;Uurtarief;Bedrag (uren x 65)');
    assert.equal(lines.length - 1, Number(n));
    assert.match(lines[1], /^\d\d-\d\d-2026;[^;]+;[^;]+;/, 'dd-MM-yyyy and labels');
    const [, , , , , uren, tarief, bedrag] = lines[1].split(';');
    assert.equal(tarief, '65,00');
    assert.equal(bedrag, `${Number(uren) * 65},00`);
  });

  test('Facturen Export: the invoices of the period with their method labels', async () => {
    const [n] = expectRow(`SELECT count(*) FROM facturen WHERE datum BETWEEN '2026-01-01' AND '2026-12-31'`);
    const { message, text } = await runExport('Facturen Export', /facturen geëxporteerd$/);
    assert.equal(message, `${n} facturen geëxporteerd`);
    const lines = text.replace(/^\ufeff/, '').trim().split('\n');
    assert.equal(lines[0].split(';')[0], 'Factuurnummer');
    assert.equal(lines.length - 1, Number(n));
    assert.ok(lines.slice(1).every((l) => /;(Contant|PIN|Bank|Niet betaald|Openstaand)$/.test(l)), 'payment methods as labels');
  });
});
