// Browser test of the klusser portal on a phone (390x844), against the real server,
// Kratos and database: a klusser signs in, sees the pool, claims a job, plans it, finds it in the
// agenda, changes it twice and cannot change it a third time; a second browser of the same klusser
// sees the claimed job leave its pool without a reload (SSE). axe-core checks WCAG 2.2 AA on every
// klusser page. The job comes from the test itself (a den-haag pool job made through the database
// as admin), so the run does not depend on the seed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const SKIP = DB_CHECK_SKIP;
const PHONE = { width: 390, height: 844 };
const KLUSSER = 'piet.bakker@klusmaat.nl';
const BESCHRIJVING = `E2E klusser-portaal ${Date.now()}: twee planken ophangen in de gang`;

const RUN = Date.now();
const extraJobs = [];

/** A den-haag pool job with an accepted fixed-price quote: € 153,50 excl., € 185,74 incl. VAT. */
function fixedPricePoolJob(label) {
  const [id] = expectRow(
    `INSERT INTO klussen (status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode,
       woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents)
     VALUES ('open', 'pool', 'den-haag', 'montage', 'E2E ${label} ${RUN}', (now() AT TIME ZONE 'Europe/Amsterdam')::date + 2,
       'middag', 'Herenstraat 3', '2271 AB', 'Voorburg', '070 555 12 35', '', 'Meneer Vast', 1, 6500)
     RETURNING id`,
  );
  extraJobs.push(id);
  return id;
}

function acceptQuote(klusId) {
  const [offerte] = expectRow(
    `INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, uurtarief_cents, arbeid_cents, materialen,
       materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot)
     VALUES ('${klusId}', 'vast', 'Tv aansluiten', 6500, 15350, '[]', 0, 15350, 3224, 18574, (now() AT TIME ZONE 'Europe/Amsterdam')::date + 30) RETURNING id`,
  );
  queryAsAdmin(`UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = '${offerte}'`);
  queryAsAdmin(`UPDATE offertes SET status = 'akkoord', beslist_at = now() WHERE id = '${offerte}'`);
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

const path = (page) => new URL(page.url()).pathname;
const browsers = [];
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
  await page.getByRole('heading', { level: 1, name: 'Welkom, Piet Bakker' }).waitFor();
  return page;
}

/** The card of the test's job in a list, found by its unique description. */
const ourCard = (page) => page.locator('li.klus-card', { hasText: BESCHRIJVING });

/** Changes the appointment of the test's job to `time` from the agenda; `last` expects the extra warning. */
async function changeTo(page, time, last) {
  await ourCard(page).getByRole('link', { name: /^Afspraak wijzigen/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/klusser/plan-klus/') && url.search === '?wijzig=true');
  await page.getByRole('heading', { level: 1, name: 'Afspraak wijzigen' }).waitFor();
  await page.getByLabel('Tijd', { exact: true }).selectOption(time);
  await page.getByRole('button', { name: 'Bevestig Wijziging' }).click();
  const dialog = page.getByRole('dialog', { name: 'Afspraak wijzigen?' });
  await dialog.waitFor();
  const warning = dialog.getByText('Let op: dit is je laatste wijziging.', { exact: false });
  assert.equal(await warning.count(), last ? 1 : 0, last ? 'the last change warns' : 'only the last change warns');
  await dialog.getByRole('button', { name: 'Ja, wijzigen' }).click();
  await page.getByText('Afspraak gewijzigd! Klant ontvangt een email.').first().waitFor();
  await page.waitForURL((url) => url.pathname === '/klusser/agenda');
}

describe('klusser portal on a phone', { skip: SKIP }, () => {
  let klusId;

  before(() => {
    const row = expectRow(
      `INSERT INTO klussen (status, assignment_type, regio, categorie, beschrijving, datum, tijd, adres, postcode,
         woonplaats, telefoon, email, naam, geschatte_duur, geschat_tarief_cents)
       VALUES ('open', 'pool', 'den-haag', 'montage', '${BESCHRIJVING}',
         (now() AT TIME ZONE 'Europe/Amsterdam')::date + 7, 'ochtend', 'Herenstraat 1', '2271 AB', 'Voorburg',
         '070 555 12 34', 'e2e-klant@example.nl', 'Mevrouw E2E', 1.5, 6500)
       RETURNING id`,
    );
    klusId = row[0];
  });

  after(async () => {
    for (const b of browsers) await b.close();
    if (klusId) queryAsAdmin(`DELETE FROM klussen WHERE id = '${klusId}'`);
    for (const id of extraJobs) queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });

  test('a pool job with a fixed price says what the customer pays and what the klusser earns (issue 39)', async () => {
    const id = fixedPricePoolJob('vaste prijs');
    acceptQuote(id);
    const page = await signIn(await phone());
    await page.goto(`${BASE_URL}/klusser/beschikbare-klussen`);
    const card = page.locator('li.klus-card', { hasText: `E2E vaste prijs ${RUN}` });
    await card.waitFor();
    const fact = async (label) => (await card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').textContent()).replace(/\s+/g, ' ').trim();
    assert.equal(await fact('Klant betaalt'), '€ 185,74 (vaste prijs, incl. btw)');
    assert.equal((await card.locator('.klus-earnings').textContent()).replace(/\s+/g, ' ').trim(), 'Jouw verdienste € 35 per gewerkt uur');
    assert.equal(await card.getByText('Vaste prijs', { exact: true }).count(), 0, 'no bare fixed price a klusser could read as its pay');
    await card.scrollIntoViewIfNeeded();
    await assertNoAxeViolations(page);
    if (process.env.SHOTS_DIR) await card.screenshot({ path: `${process.env.SHOTS_DIR}/pool-vaste-prijs.png` });
  });

  test("claiming on the other phone a job this klusser already claimed says it is its own and goes to it (issue 39)", async () => {
    const id = fixedPricePoolJob('twee telefoons');
    const first = await signIn(await phone());
    const second = await signIn(await phone());
    // The second phone has no live stream (a poor signal): the claimed job stays on its screen.
    await second.route('**/api/v1/events', (route) => route.abort());
    for (const p of [first, second]) {
      await p.goto(`${BASE_URL}/klusser/beschikbare-klussen`);
      await p.locator('li.klus-card', { hasText: `E2E twee telefoons ${RUN}` }).waitFor();
    }
    await first.locator('li.klus-card', { hasText: `E2E twee telefoons ${RUN}` }).getByRole('button', { name: /^Pak deze klus/ }).click();
    await first.waitForURL((url) => url.pathname === `/klusser/plan-klus/${id}`);
    await second.locator('li.klus-card', { hasText: `E2E twee telefoons ${RUN}` }).getByRole('button', { name: /^Pak deze klus/ }).click();
    await second.getByText('Je hebt deze klus al opgepakt, bijvoorbeeld op je andere telefoon. Hij staat in je agenda.').first().waitFor();
    await second.waitForURL((url) => url.pathname === `/klusser/plan-klus/${id}`);
    assert.equal(await second.getByText('door een andere klusser', { exact: false }).count(), 0);
    await assertToastsCoverNothing(second);
    await assertNoAxeViolations(second);
    if (process.env.SHOTS_DIR) await second.screenshot({ path: `${process.env.SHOTS_DIR}/claim-al-van-jou.png` });
  });

  test('pool, claim, plan, agenda, two changes and no third; the other phone sees the job go', async () => {
    const page = await signIn(await phone());
    await assertNoAxeViolations(page);

    // A second phone of the same klusser watches the pool.
    const watcher = await signIn(await phone());
    await watcher.goto(`${BASE_URL}/klusser/beschikbare-klussen`);
    await ourCard(watcher).waitFor();

    // The pool, the details dialog, the claim.
    await page.getByRole('link', { name: /^Beschikbare Klussen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Beschikbare Klussen' }).waitFor();
    await ourCard(page).waitFor();
    assert.match(await page.locator('.klusser-count').textContent(), /^\d+ beschikbare klus(sen)?$/);
    await assertNoAxeViolations(page);
    await ourCard(page).getByRole('button', { name: /^Details/ }).click();
    const details = page.getByRole('dialog');
    await details.getByText('Mevrouw E2E').waitFor();
    await assertNoAxeViolations(page);
    await details.getByRole('button', { name: 'Sluiten' }).click();
    await ourCard(page).getByRole('button', { name: /^Pak deze klus/ }).click();
    await page.getByText('Klus gereserveerd! Plan nu wanneer je de klus gaat uitvoeren.').first().waitFor();
    await page.waitForURL((url) => url.pathname === `/klusser/plan-klus/${klusId}`);

    // The other phone: gone without a reload.
    await ourCard(watcher).waitFor({ state: 'detached', timeout: 15000 });

    // Plan: the wished day is preselected, the time defaults to the slot's 09:00.
    await page.getByRole('heading', { level: 1, name: 'Klus inplannen' }).waitFor();
    assert.equal(await page.getByLabel('Tijd', { exact: true }).inputValue(), '09:00');
    assert.equal(await page.locator('.calendar-grid td[aria-selected="true"]').count(), 1);
    await assertNoAxeViolations(page);
    await page.getByRole('button', { name: 'Bevestig Planning' }).click();
    await page.getByText('Planning bevestigd! Klant ontvangt een email.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/klusser/agenda');

    // The agenda.
    await ourCard(page).getByText('Ingepland', { exact: true }).waitFor();
    assert.match(await ourCard(page).textContent(), /om 09:00/);
    assert.match(await ourCard(page).textContent(), /Geschat: 1,5u @ €65 = €98/);
    await assertNoAxeViolations(page);

    // Two changes; the second warns that it is the last.
    await changeTo(page, '10:00', false);
    await ourCard(page).getByText('Wijzigingen: 1 / 2').waitFor();
    await changeTo(page, '11:30', true);
    await ourCard(page).getByText('Wijzigingen: 2 / 2').waitFor();
    assert.match(await ourCard(page).textContent(), /om 11:30/);
    assert.equal(await ourCard(page).getByRole('button', { name: /^Afspraak wijzigen/ }).getAttribute('aria-disabled'), 'true');

    // A third change is refused on the plan screen too.
    await page.goto(`${BASE_URL}/klusser/plan-klus/${klusId}?wijzig=true`);
    await page.getByText('Maximum aantal wijzigingen (2x) bereikt').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Bevestig Wijziging' }).getAttribute('aria-disabled'), 'true');
    await assertNoAxeViolations(page);

    // The job left the pool of this phone as well.
    await page.goto(`${BASE_URL}/klusser/beschikbare-klussen`);
    await page.getByRole('heading', { level: 1, name: 'Beschikbare Klussen' }).waitFor();
    await page.locator('.klusser-count').waitFor();
    assert.equal(await ourCard(page).count(), 0);

    const [klusser, status, changes] = expectRow(
      `SELECT p.naam, k.status, k.planning_changes_count FROM klussen k JOIN profiles p ON p.id = k.klusser_id WHERE k.id = '${klusId}'`,
    );
    assert.deepEqual([klusser, status, changes], ['Piet Bakker', 'ingepland', '2']);
  });

  test('every klusser page passes axe on a phone', async () => {
    const page = await signIn(await phone());
    for (const [route, heading] of [
      ['/klusser/dashboard', 'Welkom, Piet Bakker'],
      ['/klusser/beschikbare-klussen', 'Beschikbare Klussen'],
      ['/klusser/agenda', 'Mijn Agenda'],
      ['/klusser/agenda?tab=afgerond', 'Mijn Agenda'],
      ['/klusser/verdiensten', 'Mijn Verdiensten'],
      [`/klusser/plan-klus/${klusId}`, /Klus inplannen|Afspraak wijzigen/],
    ]) {
      await page.goto(`${BASE_URL}${route}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator('.klusser-loading').first().waitFor({ state: 'detached' });
      assert.ok(path(page).startsWith('/klusser/'));
      await assertNoAxeViolations(page);
    }
  });
});
