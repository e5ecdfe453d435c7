// Browser test of the work order on a phone (390x844) against the real server, Kratos
// and database: the whole day from a planned job (timer, materials, photos, reload with the timer
// restored, completion with ratings and a drawn signature, the invoice paid by pin), the unpaid
// path with its note, and a day without signal (D23): offline changes survive a reload and arrive
// exactly once when the connection returns. axe-core checks WCAG 2.2 AA on every screen.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, png } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const PHONE = { width: 390, height: 844 };
const KLUSSER = 'piet.bakker@klusmaat.nl';
const RUN = Date.now();
const SHOTS = process.env.SHOTS_DIR;
const browsers = [];
const jobs = [];

/** A den-haag job of the demo klusser, planned for today at 09:00, claimed yesterday. */
function plannedJob(label) {
  const [id] = expectRow(
    `INSERT INTO klussen (status, assignment_type, regio, klusser_id, claimed_at, categorie, beschrijving, datum, tijd,
       adres, postcode, woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents, geplande_start_tijd)
     SELECT 'ingepland', 'pool', 'den-haag', p.id, now() - interval '1 day', 'montage', 'E2E werkbon ${label} ${RUN}',
       (now() AT TIME ZONE 'Europe/Amsterdam')::date, 'ochtend', 'Herenstraat 1', '2271 AB', 'Voorburg', '070 555 12 34',
       '', 'Mevrouw Werkbon', 1, 6500, now()
     FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser' WHERE p.naam = 'Piet Bakker'
     RETURNING id`,
  );
  jobs.push(id);
  return id;
}

/**
 * A den-haag job the office assigned to the demo klusser directly: ingepland, no planned time yet,
 * with the customer's accepted fixed-price quote v1: 'Deur afhangen en afstellen' € 180,00 and
 * 2 × € 20,65 hinges; € 221,30 excl., € 267,77 incl. VAT.
 */
function assignedFixedPriceJob(label) {
  const [id] = expectRow(
    `INSERT INTO klussen (status, assignment_type, regio, klusser_id, claimed_at, categorie, beschrijving, datum, tijd,
       adres, postcode, woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents)
     SELECT 'ingepland', 'direct', 'den-haag', p.id, now() - interval '1 hour', 'montage', 'E2E werkbon ${label} ${RUN}',
       (now() AT TIME ZONE 'Europe/Amsterdam')::date, 'ochtend', 'Herenstraat 5', '2271 AB', 'Voorburg', '070 555 12 36',
       '', 'Meneer Vast', 1, 6500
     FROM profiles p JOIN user_roles r ON r.user_id = p.id AND r.role = 'klusser' WHERE p.naam = 'Piet Bakker'
     RETURNING id`,
  );
  jobs.push(id);
  const [offerte] = expectRow(
    `INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, uurtarief_cents, arbeid_cents, materialen,
       materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot)
     VALUES ('${id}', 'vast', 'Deur afhangen en afstellen', 6500, 18000,
       '[{"omschrijving": "Scharnieren", "aantal": 2, "prijs_cents": 2065}]', 4130, 22130, 4647, 26777, (now() AT TIME ZONE 'Europe/Amsterdam')::date + 30)
     RETURNING id`,
  );
  queryAsAdmin(`UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = '${offerte}'`);
  queryAsAdmin(`UPDATE offertes SET status = 'akkoord', beslist_at = now() WHERE id = '${offerte}'`);
  return id;
}

/** Nothing in the page lies under a toast: only the toaster, the body and the root are hit there. */
async function assertToastsCoverNothing(page) {
  const covered = await page.evaluate(() => {
    const out = new Set();
    for (const t of document.querySelectorAll('[data-toast]')) {
      const r = t.getBoundingClientRect();
      for (let x = r.left + 2; x < r.right - 1; x += 12) {
        for (let y = r.top + 2; y < r.bottom - 1; y += 6) {
          for (const el of document.elementsFromPoint(x, y)) {
            if (el.closest('.toaster') || el === document.body || el === document.documentElement) continue;
            out.add(`${el.tagName.toLowerCase()}.${el.className}`);
          }
        }
      }
    }
    return [...out];
  });
  assert.deepEqual(covered, [], 'a toast covers content');
}

const squash = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Polls the database until the query's first column is want (the autosave runs after 3 s). */
async function waitForValue(sql, want, timeoutMs = 10000) {
  const until = Date.now() + timeoutMs;
  let got;
  while (Date.now() < until) {
    got = expectRow(sql)[0];
    if (got === want) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(got, want, sql);
}

async function phone() {
  const b = await newBrowser({ viewport: PHONE });
  browsers.push(b);
  return b.context;
}

async function signIn(context) {
  const { page } = await open(context, '/auth');
  await page.getByLabel('E-mailadres').fill(KLUSSER);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  return page;
}

async function openWerkbon(page, klusId) {
  await page.goto(`${BASE_URL}/klusser/werkbon/${klusId}`);
  await page.getByRole('heading', { level: 1, name: 'Werkbon' }).waitFor();
}

const shot = async (page, name) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function addMaterial(page, naam, bedrag) {
  await page.getByLabel('Naam materiaal').fill(naam);
  await page.getByLabel('Bedrag in euro').fill(bedrag);
  await page.getByRole('button', { name: 'Materiaal toevoegen' }).click();
  await page.locator('.materialen-list li', { hasText: naam }).waitFor();
}

async function photo(page, which, colour) {
  const input = page.locator('input[type=file]').nth(which === 'before' ? 0 : 1);
  await input.setInputFiles({ name: `${which}.png`, mimeType: 'image/png', buffer: png(...colour) });
}

/** Ratings, a signature drawn with the mouse, and the confirmation. */
async function finish(page) {
  await page.getByRole('button', { name: 'Klus Afronden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Klus Afronden' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Afronden en factuur maken' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Vul alle beoordelingen in' }).waitFor();
  for (const [group, stars] of [['Algemeen', 5], ['Netheid', 4], ['Vriendelijkheid', 5], ['Vakmanschap', 4]]) {
    await dialog.getByRole('group', { name: group }).getByRole('radio', { name: `${stars} sterren` }).check();
  }
  await dialog.getByRole('button', { name: 'Afronden en factuur maken' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Handtekening is verplicht' }).waitFor();
  await assertNoAxeViolations(page);
  const canvas = dialog.locator('canvas.signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15));
  await page.mouse.up();
  await dialog.getByRole('button', { name: 'Afronden en factuur maken' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('the work order on a phone', { skip: DB_CHECK_SKIP }, () => {
  let dayJob;
  let unpaidJob;
  let offlineJob;

  before(() => {
    dayJob = plannedJob('dag');
    unpaidJob = plannedJob('onbetaald');
    offlineJob = plannedJob('offline');
  });

  after(async () => {
    for (const b of browsers) await b.close();
    for (const id of jobs) queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });

  test('the whole day: timer, materials, photos, reload, completion, invoice paid by pin', async () => {
    const page = await signIn(await phone());
    await openWerkbon(page, dayJob);
    await page.getByRole('heading', { name: 'Klant' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /^Bel Mevrouw Werkbon/ }).getAttribute('href'), 'tel:0705551234');
    await assertNoAxeViolations(page);

    // Finishing first: the timer must run.
    await page.getByRole('button', { name: 'Klus Afronden' }).click();
    await page.getByText('Start eerst de timer').first().waitFor();

    await page.getByRole('button', { name: 'Start timer' }).click();
    await page.getByText('Timer gestart').first().waitFor();
    await page.waitForFunction(() => document.querySelector('.timer-display')?.textContent?.includes('00:00:0') &&
      !document.querySelector('.timer-display')?.textContent?.endsWith('00:00:00'));
    assert.equal(expectRow(`SELECT status FROM klussen WHERE id = '${dayJob}'`)[0], 'bezig');

    // Materials: the check, two lines, two decimals.
    await page.getByRole('button', { name: 'Materiaal toevoegen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Vul materiaal naam en bedrag in' }).waitFor();
    await addMaterial(page, 'Pluggen en schroeven', '12,5');
    await addMaterial(page, 'Lampkap', '3');
    await page.locator('.materialen-list', { hasText: '€ 12,50' }).waitFor();
    await page.locator('.materialen-total', { hasText: '€ 15,50' }).waitFor();

    await photo(page, 'before', [200, 40, 40]);
    await page.getByRole('img', { name: 'Foto voor de klus 1' }).waitFor();
    await photo(page, 'after', [40, 160, 40]);
    await page.getByRole('img', { name: 'Foto na de klus 1' }).waitFor();
    await page.getByRole('textbox', { name: 'Notities' }).fill('Lamp hing scheef, opnieuw bevestigd.');
    await shot(page, 'werkbon-bezig');

    // Everything reached the server: the waiting marks are gone and the notes autosaved (3 s).
    await page.waitForFunction(() => !document.querySelector('.wacht-badge'));
    await waitForValue(`SELECT coalesce(nullif(opmerkingen, ''), '-') FROM werkbonnen WHERE klus_id = '${dayJob}'`, 'Lamp hing scheef, opnieuw bevestigd.');
    await page.reload();
    await page.getByText('Timer hersteld').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.timer-display')?.textContent?.endsWith('00:00:00'));
    await page.locator('.materialen-list li', { hasText: 'Lampkap' }).waitFor();
    assert.equal(await page.getByRole('img', { name: /^Foto (voor|na) de klus/ }).count(), 2);

    await finish(page);
    await page.getByText('Werkbon afgerond!').first().waitFor();
    await page.getByRole('heading', { name: 'Gewerkte Tijd' }).waitFor();
    await page.getByText('Afgesloten', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Materiaal toevoegen' }).count(), 0, 'materials are locked');
    assert.equal(await page.getByRole('textbox', { name: 'Notities' }).getAttribute('readonly'), '');
    await assertNoAxeViolations(page);
    await shot(page, 'werkbon-afgerond');

    const [uren, status, notes] = expectRow(`SELECT w.uren, w.status, w.opmerkingen FROM werkbonnen w WHERE w.klus_id = '${dayJob}'`);
    assert.deepEqual([uren, status, notes], ['1', 'completed', 'Lamp hing scheef, opnieuw bevestigd.']);

    await page.getByRole('link', { name: 'Naar de factuur' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/klusser/factuur/'));
    await page.getByRole('heading', { level: 1, name: 'Factuur' }).waitFor();
    const [nummer, totaal] = expectRow(`SELECT factuurnummer, totaal_bedrag_cents FROM facturen WHERE klus_id = '${dayJob}'`);
    await page.getByText(`Factuurnummer: ${nummer}`).waitFor();
    // 1 h x 65 + 15,50 = 80,50; VAT 16,91 (16,905); total 97,41.
    assert.equal(totaal, '9741');
    await page.getByRole('row', { name: /Totaal/ }).filter({ hasText: '97,41' }).waitFor();
    await assertNoAxeViolations(page);
    await shot(page, 'factuur');

    const pdf = await page.request.get(`${BASE_URL}/api/v1/facturen/${expectRow(`SELECT id FROM facturen WHERE klus_id = '${dayJob}'`)[0]}/pdf`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');

    await page.getByLabel('PIN').check();
    await page.getByRole('button', { name: 'Betaling Bevestigen' }).click();
    await page.getByText('Betaling ontvangen via PIN').first().waitFor();
    assert.equal(expectRow(`SELECT betaal_methode FROM facturen WHERE klus_id = '${dayJob}'`)[0], 'pin');
  });

  test('a job the office assigned, with a fixed price: the timer starts, the work order and the invoice show the fixed price, toasts cover nothing (issue 39)', async () => {
    const id = assignedFixedPriceJob('vast');
    const page = await signIn(await phone());
    await openWerkbon(page, id);
    await page.getByRole('button', { name: 'Start timer' }).click();
    await page.getByText('Timer gestart').first().waitFor();
    // The server took it: the job is bezig, nothing waits on the phone as if it were offline.
    await waitForValue(`SELECT status FROM klussen WHERE id = '${id}'`, 'bezig');
    await page.waitForFunction(() => !document.querySelector('.offline-banner:not(.offline-banner-empty)'));
    assert.equal(await page.getByText('Je telefoon is offline', { exact: false }).count(), 0);
    assert.equal(squash(await page.locator('.timer-cost').textContent()), 'Vaste prijs: € 267,77 (incl. btw)');
    await page.getByText('De timer telt je gewerkte uren; je verdient € 35 per gewerkt uur.').waitFor();
    assert.equal(await page.getByText('per uur)', { exact: false }).count(), 0, 'no hourly labour on a fixed price');
    await assertNoAxeViolations(page);

    await page.reload();
    await page.getByText('Timer hersteld').first().waitFor();
    await page.locator('.timer-cost').waitFor();
    await assertToastsCoverNothing(page);
    await shot(page, 'werkbon-vast-hersteld');

    await finish(page);
    await page.getByText('Werkbon afgerond!').first().waitFor();
    await page.getByRole('heading', { name: 'Gewerkte Tijd' }).waitFor();
    const done = squash(await page.locator('.werkbon-done').textContent());
    assert.ok(done.includes('1 uur gewerkt · Vaste prijs € 267,77 (incl. btw)'), done);
    assert.ok(!done.includes('gefactureerd') && !done.includes('Arbeid'), done);
    await assertToastsCoverNothing(page);
    await assertNoAxeViolations(page);
    await shot(page, 'werkbon-vast-afgerond');

    await page.getByRole('link', { name: 'Naar de factuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Factuur' }).waitFor();
    await page.getByRole('row', { name: /Subtotaal/ }).waitFor();
    const rows = await page.locator('.factuur-table tr').evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
    const lines = rows.map(([a, b]) => [squash(a), squash(b)]);
    const sub = lines.findIndex(([label]) => label === 'Subtotaal');
    // Exactly the invoiced lines: they add up to the subtotal; no 'Arbeid: 1 uur × € 221,30' above them.
    assert.deepEqual(lines.slice(0, sub), [['Deur afhangen en afstellen', '€ 180,00'], ['Scharnieren: 2 × € 20,65', '€ 41,30']]);
    assert.deepEqual(lines[sub], ['Subtotaal', '€ 221,30']);
    assert.equal(expectRow(`SELECT subtotaal_cents FROM facturen WHERE klus_id = '${id}'`)[0], '22130');
    await assertToastsCoverNothing(page);
    await assertNoAxeViolations(page);
    await shot(page, 'factuur-vast');
  });

  test("a start the server refuses shows the server's reason and does not wait as if offline (issue 39)", async () => {
    const id = assignedFixedPriceJob('geweigerd');
    const page = await signIn(await phone());
    await openWerkbon(page, id);
    // Meanwhile the office takes the job back: the work order is gone.
    queryAsAdmin(`DELETE FROM werkbonnen WHERE klus_id = '${id}'`);
    queryAsAdmin(`UPDATE klussen SET klusser_id = NULL, status = 'open', claimed_at = NULL WHERE id = '${id}'`);
    await page.getByRole('button', { name: 'Start timer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Klus niet gevonden' }).waitFor();
    assert.equal(await page.getByText('Timer gestart').count(), 0, 'no success before the refusal');
    assert.equal(await page.getByText('Je telefoon is offline', { exact: false }).count(), 0);
    assert.equal(await page.locator('.offline-banner:not(.offline-banner-empty)').count(), 0, 'nothing waits');
    await page.getByRole('button', { name: 'Start timer' }).waitFor();
    assert.equal(await page.evaluate(async () => {
      const open = indexedDB.open('klusmaat-werkbon');
      const db = await new Promise((resolve, reject) => { open.onsuccess = () => resolve(open.result); open.onerror = () => reject(open.error); });
      const names = [...db.objectStoreNames];
      if (!names.includes('ops')) return -1;
      const req = db.transaction('ops').objectStore('ops').count();
      return await new Promise((resolve) => { req.onsuccess = () => resolve(req.result); });
    }), 0, 'the refused start is off the phone');
    await assertNoAxeViolations(page);
    await shot(page, 'werkbon-geweigerd');
  });

  test('not paid: the warning, then the note it needs', async () => {
    const page = await signIn(await phone());
    await openWerkbon(page, unpaidJob);
    await page.getByRole('button', { name: 'Start timer' }).click();
    await page.getByText('Timer gestart').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.offline-banner:not(.offline-banner-empty)'));
    await finish(page);
    await page.getByRole('link', { name: 'Naar de factuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Factuur' }).waitFor();
    await page.getByLabel('Niet betaald').check();
    const dialog = page.getByRole('dialog', { name: 'Klant heeft niet betaald?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ja, factuur blijft open' }).click();
    await page.getByRole('button', { name: 'Betaling Bevestigen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Voeg een notitie toe waarom de klant niet kan betalen' }).waitFor();
    await page.getByLabel('Notitie: waarom kan de klant niet betalen?').fill('Klant had geen pinpas bij de hand.');
    await page.getByRole('button', { name: 'Betaling Bevestigen' }).click();
    await page.getByText('Factuur blijft openstaan - klant heeft niet betaald').first().waitFor();
    await assertNoAxeViolations(page);
    assert.deepEqual(expectRow(`SELECT betaal_methode, betaal_notitie FROM facturen WHERE klus_id = '${unpaidJob}'`),
      ['niet_betaald', 'Klant had geen pinpas bij de hand.']);
  });

  test('without signal: changes stay on the phone through a reload and arrive exactly once', async () => {
    const context = await phone();
    const page = await signIn(context);
    await openWerkbon(page, offlineJob);
    // The service worker takes control of the portal (scope /klusser/) before the signal goes.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Start timer' }).click();
    await page.getByText('Timer gestart').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.offline-banner:not(.offline-banner-empty)'));

    await context.setOffline(true);
    await page.getByText('Je telefoon is offline.', { exact: false }).waitFor();
    await addMaterial(page, `Offline plug ${RUN}`, '4,25');
    await page.locator('.materialen-list li', { hasText: 'wacht op verbinding' }).waitFor();
    await page.getByRole('textbox', { name: 'Notities' }).fill('Geen bereik in de kelder.');
    await photo(page, 'after', [30, 30, 200]);
    await page.getByRole('img', { name: 'Foto na de klus 1' }).waitFor();
    await finish(page);
    await page.getByText('De factuur verschijnt zodra je telefoon weer verbinding heeft.').waitFor();
    await shot(page, 'werkbon-offline');

    // Closed and opened again without a network: the shell from the service worker, the work order
    // and its waiting changes from the phone.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Werkbon' }).waitFor();
    await page.locator('.materialen-list li', { hasText: `Offline plug ${RUN}` }).waitFor();
    await page.getByText(/Je telefoon is offline\. \d+ wijzigingen wachten/).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Notities' }).inputValue(), 'Geen bereik in de kelder.');
    await assertNoAxeViolations(page);
    const [before] = expectRow(`SELECT count(*) FROM work_order_items i JOIN werkbonnen w ON w.id = i.work_order_id WHERE w.klus_id = '${offlineJob}'`);
    assert.equal(before, '0', 'nothing reached the server while offline');

    await context.setOffline(false);
    await page.waitForFunction(() => !document.querySelector('.offline-banner:not(.offline-banner-empty)'), null, { timeout: 20000 });
    await page.getByRole('link', { name: 'Naar de factuur' }).waitFor();

    const row = (sql) => expectRow(sql.replaceAll('$K', `'${offlineJob}'`));
    assert.equal(row(`SELECT count(*) FROM work_order_items i JOIN werkbonnen w ON w.id = i.work_order_id WHERE w.klus_id = $K`)[0], '1');
    assert.equal(row(`SELECT count(*) FROM work_order_photos p JOIN werkbonnen w ON w.id = p.work_order_id WHERE w.klus_id = $K`)[0], '1');
    assert.deepEqual(row(`SELECT status, opmerkingen, eind_bron FROM werkbonnen WHERE klus_id = $K`), ['completed', 'Geen bereik in de kelder.', 'telefoon']);
    assert.equal(row(`SELECT count(*) FROM facturen WHERE klus_id = $K`)[0], '1');
    assert.equal(row(`SELECT status FROM klussen WHERE id = $K`)[0], 'afgerond');
  });
});
