// Browser test of the fixed-price quote (D26): the admin writes it on a request's details at
// 1280×800 (axe clean), sends it, the customer gets 'Uw offerte …' with the PDF and the status
// link, and on a 390 px phone reads the lines and the total and presses 'Akkoord' behind a
// confirmation (axe clean); the console then shows 'Akkoord'.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, waitForMails, testBrowsers } from './support.mjs';
import { DB_CHECK_SKIP, expectRow, uniqueEmail } from './public-support.mjs';

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
