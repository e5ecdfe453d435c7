// Browser test of the fixed-price quote (D26): the admin writes it on a request's details at
// 1280×800 (axe clean), sends it, the customer gets 'Uw offerte …' with the PDF and the status
// link, and on a 390 px phone reads the lines and the total and presses 'Akkoord' behind a
// confirmation (axe clean); the console then shows 'Akkoord'.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, searchList, waitForMails, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();
const SHOTS = process.env.SHOTS_DIR;
let page;

before(async () => {
  page = await browsers.console();
});

describe('the fixed-price quote (D26)', { skip: DB_CHECK_SKIP }, () => {
  test('written and sent in the console, accepted by the customer on the phone', async () => {
    const email = uniqueEmail('offerte');
    const klus = `Offerte planken ${Date.now()}`;
    const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 7, 'middag', 'Herenstraat 7', '2271 AB', 'Voorburg', '070 386 12 98', 'Mevrouw Offerte', '${email}')
      RETURNING id`);

    await page.goto(`${BASE_URL}/admin/klussen?klus=${id}`);
    const details = page.getByRole('dialog').filter({ hasText: klus });
    await details.getByText('Nog geen offerte.').waitFor();
    await details.getByRole('button', { name: 'Offerte maken' }).click();
    const editor = page.getByRole('dialog', { name: 'Offerte maken' });
    // Saving an empty form is refused under the fields, and nothing is stored.
    await editor.getByRole('button', { name: 'Opslaan' }).click();
    await editor.getByText('Beschrijf het werk (hoogstens 200 tekens).').waitFor();
    assert.deepEqual(expectRow(`SELECT count(*)::text FROM offertes WHERE klus_id = '${id}'`), ['0']);
    await editor.getByLabel('Omschrijving van het werk').fill('Twee planken ophangen');
    await editor.getByLabel('Prijs (excl. btw)').fill('150,50');
    await editor.getByRole('button', { name: 'Materiaalregel toevoegen' }).click();
    const regel = editor.getByRole('group', { name: 'Materiaalregel 1' });
    await regel.getByLabel(/^Omschrijving/).fill('Plank eiken 80 cm');
    await regel.getByLabel(/^Aantal/).fill('2');
    await regel.getByLabel(/^Prijs per stuk/).fill('12,50');
    await editor.getByTestId('offerte-berekening').getByText('€ 212,36').waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offerte-editor.png` });
    await editor.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Offerte opgeslagen', { exact: true }).first().waitFor();
    await details.getByTestId('offerte-status').getByText('Concept').waitFor();

    await details.getByRole('button', { name: 'Offerte versturen' }).click();
    await page.getByRole('dialog', { name: 'Offerte versturen?' }).getByRole('button', { name: 'Versturen' }).click();
    await details.getByTestId('offerte-status').getByText('Offerte verstuurd').waitFor();
    await details.getByRole('table', { name: /Regels van offerte/ }).scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offerte-verstuurd.png` });
    const [nummer, totaal] = expectRow(`SELECT nummer, totaal_cents::text FROM offertes WHERE klus_id = '${id}' AND status = 'verstuurd'`);
    assert.match(nummer, /^O\d{4}-\d{4}$/);
    assert.equal(totaal, '21236');

    const [mail] = await waitForMails(email, 1, 20000);
    assert.equal(mail?.subject, `Uw offerte ${nummer}`);
    assert.match(mail.text, /€ 212,36/);
    assert.equal(mail.attachments?.[0]?.contentType, 'application/pdf');
    const link = mail.text.match(/https?:\/\/\S+\/status\/[A-Za-z0-9_-]+/)?.[0];
    assert.ok(link, `the e-mail has the status link:\n${mail.text}`);

    const phone = await browsers.open({ width: 390, height: 844 });
    const customer = await phone.context.newPage();
    await customer.goto(`${BASE_URL}${new URL(link).pathname}`);
    const card = customer.getByRole('region', { name: 'Uw offerte' });
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /Twee planken ophangen/);
    assert.match(text, /Plank eiken 80 cm/);
    assert.match(text, /€\s212,36/);
    await assertNoAxeViolations(customer);
    assert.ok(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone');
    if (SHOTS) await customer.screenshot({ path: `${SHOTS}/status-offerte.png`, fullPage: true });

    await card.getByRole('button', { name: 'Akkoord', exact: true }).click();
    const confirm = customer.getByRole('dialog');
    await confirm.getByText(/€\s212,36/).first().waitFor();
    await assertNoAxeViolations(customer);
    await confirm.getByRole('button', { name: 'Ja, ik ga akkoord' }).click();
    await card.getByText(/U bent akkoord gegaan/).waitFor();
    if (SHOTS) await customer.screenshot({ path: `${SHOTS}/status-offerte-akkoord.png`, fullPage: true });
    assert.deepEqual(expectRow(`SELECT status, versie::text FROM offertes WHERE klus_id = '${id}'`), ['akkoord', '1']);

    // The office sees it on the job.
    await page.goto(`${BASE_URL}/admin/klussen?klus=${id}`);
    await page.getByRole('dialog').filter({ hasText: klus }).getByTestId('offerte-status').getByText('Akkoord').waitFor();
  });
});

// Issue 39, items 1, 5 and 18: after the customer accepted version 2 (€ 221,30 excl., € 267,77
// incl.), Klussen Beheer's row and the job's details show that fixed price, from the accepted
// quote and its version, and no hourly estimate; version 1, sent and replaced, reads 'Vervangen
// door versie 2', not 'Offerte verstuurd'. The editor's material lines are fieldsets named
// 'Materiaalregel N' by their legend. At 1280 px, axe clean.
describe('the accepted fixed price in the console (issue 39)', { skip: DB_CHECK_SKIP }, () => {
  test('Klussen Beheer and the details show the fixed price of version 2; version 1 reads replaced', async () => {
    const klus = `Vaste prijs planken ${Date.now()}`;
    const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email,
        geschat_tarief_cents, geschatte_duur)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 7, 'middag', 'Herenstraat 7', '2271 AB', 'Voorburg', '070 386 12 98',
        'Mevrouw Vast', '${uniqueEmail('vast')}', 6500, 1)
      RETURNING id`);
    // Version 1 sent, version 2 (hours × rate and a material) sent and accepted, as the status page does.
    const version = (arbeid, uren, materiaal) => {
      const sub = arbeid + materiaal;
      const [v] = expectRow(`INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, arbeid_uren, uurtarief_cents, arbeid_cents,
          materialen, materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, nummer, versie, regio, created_by)
        VALUES ('${id}', ${uren === null ? "'vast'" : "'uren'"}, 'Planken ophangen', ${uren ?? 'NULL'}, 6500, ${arbeid},
          '${materiaal === 0 ? '[]' : `[{"omschrijving":"Plank eiken","aantal":1,"prijs_cents":${materiaal}}]`}', ${materiaal}, ${sub},
          round(${sub} * 0.21), ${sub} + round(${sub} * 0.21), current_date + 30, 'O0000-0000', 1, '', actor_id())
        RETURNING id`);
      expectRow(`UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = '${v}' RETURNING id`);
      return v;
    };
    version(18000, null, 0);
    const v2 = version(19500, 3, 2630);
    expectRow(`UPDATE offertes SET status = 'akkoord', beslist_at = now() WHERE id = '${v2}' RETURNING id`);
    const [nummer, excl, incl] = expectRow(`SELECT nummer, subtotaal_cents::text, totaal_cents::text FROM offertes WHERE id = '${v2}'`);
    assert.deepEqual([excl, incl], ['22130', '26777']);

    await page.goto(`${BASE_URL}/admin/klussen`);
    await searchList(page, 'Zoeken (omschrijving, adres of e-mail)', klus);
    const row = page.getByRole('row', { name: new RegExp(klus) });
    await row.waitFor();
    const rowText = (await row.innerText()).replace(/\s+/g, ' ');
    assert.match(rowText, /€ 221,30 vaste prijs, offerte versie 2/);
    assert.doesNotMatch(rowText, /u × € 65/, 'no hourly estimate in the row');
    await assertNoAxeViolations(page);

    await row.getByRole('button', { name: `Details: ${klus}` }).click();
    const details = page.getByRole('dialog').filter({ hasText: klus });
    await details.getByText('Vaste prijs', { exact: true }).waitFor();
    const text = (await details.innerText()).replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`Vaste prijs € 221,30 excl\\. btw \\(€ 267,77 incl\\. btw\\), de vaste prijs uit de geaccepteerde offerte ${nummer}, versie 2`));
    assert.doesNotMatch(text, /Schatting/, 'no estimate in the details');
    assert.doesNotMatch(text, /1 u × € 65/, 'no hourly estimate in the details');
    const eerdere = (await details.getByTestId('offerte-eerdere').innerText()).replace(/\s+/g, ' ');
    assert.match(eerdere, /versie 1 – Vervangen door versie 2 – € 217,80/);
    assert.doesNotMatch(eerdere, /verstuurd/i);
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klus-vaste-prijs.png` });
    await details.getByRole('button', { name: 'Sluiten' }).click();
    queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });

  test("the editor's material lines are fieldsets named 'Materiaalregel N'", async () => {
    const klus = `Materiaalregels ${Date.now()}`;
    const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 7, 'middag', 'Herenstraat 7', '2271 AB', 'Voorburg', '070 386 12 98', 'Mevrouw Regel', '${uniqueEmail('regel')}')
      RETURNING id`);
    await page.goto(`${BASE_URL}/admin/klussen?klus=${id}`);
    await page.getByRole('dialog').filter({ hasText: klus }).getByRole('button', { name: 'Offerte maken' }).click();
    const editor = page.getByRole('dialog', { name: 'Offerte maken' });
    await editor.getByRole('button', { name: 'Materiaalregel toevoegen' }).click();
    await editor.getByRole('button', { name: 'Materiaalregel toevoegen' }).click();
    for (const n of [1, 2]) {
      const group = editor.getByRole('group', { name: `Materiaalregel ${n}`, exact: true });
      await group.waitFor();
      // Named by its own legend, the way every checker reads a group, not by a label elsewhere.
      const own = await group.evaluate((el) => ({ tag: el.tagName, legend: el.querySelector(':scope > legend')?.textContent?.trim() }));
      assert.deepEqual(own, { tag: 'FIELDSET', legend: `Materiaalregel ${n}` });
    }
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offerte-materiaalregels.png` });
    await editor.getByRole('button', { name: 'Annuleren' }).click();
    queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
  });
});
