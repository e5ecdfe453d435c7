// Browser test of the free survey (D26): the admin plans it on a request's details at 1280×800
// (axe clean) and adds a photo, the customer gets 'Uw gratis schouw is ingepland' with the status link, and the
// status page on a 390 px phone shows the day, the time and who comes (axe clean). The admin cancels a
// planned survey at 1280×800 (D33, axe clean): the customer gets 'Uw gratis schouw is geannuleerd' with the
// reason, and the job can have a new survey planned.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, waitForMails, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();
// A 2×2 PNG: the server judges a photo by its content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const SHOTS = process.env.SHOTS_DIR;
let page;

before(async () => {
  page = await browsers.console();
});

describe('the free survey (D26)', { skip: DB_CHECK_SKIP }, () => {
  test('planned in the console, e-mailed with the status link, shown on the phone', async () => {
    const email = uniqueEmail('schouw');
    const klus = `Schouw kast ${Date.now()}`;
    const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 7, 'middag', 'Herenstraat 5', '2271 AB', 'Voorburg', '070 386 12 98', 'Meneer Schouw', '${email}')
      RETURNING id`);
    const [datum] = expectRow(`SELECT to_char(current_date + 2, 'YYYY-MM-DD')`);

    await page.goto(`${BASE_URL}/admin/klussen?klus=${id}`);
    const details = page.getByRole('dialog').filter({ hasText: klus });
    await details.getByText('Nog geen schouw gepland.').waitFor();
    await details.getByRole('button', { name: 'Schouw plannen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schouw plannen' });
    await dialog.getByLabel(/^Datum/).fill(datum);
    await dialog.getByLabel(/^Tijd/).fill('10:30');
    await dialog.getByLabel(/Wie doet de schouw/).fill('Kees de Opnemer');
    await assertNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Plannen' }).click();
    await page.getByText('Schouw ingepland', { exact: true }).first().waitFor();
    await details.getByTestId('schouw').getByText('Kees de Opnemer').waitFor();
    // A photo with the outcome: through the private store, shown as a thumbnail that loads.
    await details.getByLabel('Foto van de schouw kiezen').setInputFiles({ name: 'kast.png', mimeType: 'image/png', buffer: PNG });
    const thumb = details.getByRole('img', { name: 'Foto 1 van de schouw' });
    await thumb.waitFor();
    await thumb.scrollIntoViewIfNeeded();
    assert.ok(await thumb.evaluate((img) => img.complete && img.naturalWidth > 0), 'the thumbnail loads from the private store');
    assert.deepEqual(expectRow(`SELECT count(*)::text FROM klus_schouw_fotos WHERE klus_id = '${id}'`), ['1']);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/schouw-gepland.png` });
    assert.deepEqual(expectRow(`SELECT opnemer, to_char(start AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD HH24:MI') FROM klus_schouwen WHERE klus_id = '${id}'`), ['Kees de Opnemer', `${datum} 10:30`]);

    const [mail] = await waitForMails(email, 1, 20000);
    assert.equal(mail?.subject, 'Uw gratis schouw is ingepland');
    const link = mail.text.match(/https?:\/\/\S+\/status\/[A-Za-z0-9_-]+/)?.[0];
    assert.ok(link, `the e-mail has the status link:\n${mail.text}`);

    const phone = await browsers.open({ width: 390, height: 844 });
    const customer = await phone.context.newPage();
    await customer.goto(`${BASE_URL}${new URL(link).pathname}`);
    const card = customer.getByRole('region', { name: 'Uw gratis schouw' });
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /om 10:30/);
    assert.match(text, /Kees de Opnemer komt bij u langs om de klus te bekijken/);
    await assertNoAxeViolations(customer);
    assert.ok(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone');
    if (SHOTS) await customer.screenshot({ path: `${SHOTS}/status-schouw.png`, fullPage: true });
  });

  test('cancelled in the console at 1280 px: confirmed with a reason, e-mailed to the customer, a new one can be planned (D33)', async () => {
    const email = uniqueEmail('schouw-annuleren');
    const klus = `Schouw annuleren ${Date.now()}`;
    const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email)
      VALUES ('den-haag', 'montage', '${klus}', current_date + 7, 'middag', 'Herenstraat 7', '2271 AB', 'Voorburg', '070 386 12 98', 'Mevrouw Annuleer', '${email}')
      RETURNING id`);
    expectRow(`INSERT INTO klus_schouwen (klus_id, start, opnemer, regio)
      VALUES ('${id}', ((current_date + 3) + time '10:30') AT TIME ZONE 'Europe/Amsterdam', 'Kees de Opnemer', '') RETURNING klus_id`);
    const [datum] = expectRow(`SELECT to_char(current_date + 3, 'DD-MM-YYYY')`);

    await page.goto(`${BASE_URL}/admin/klussen?klus=${id}`);
    const details = page.getByRole('dialog').filter({ hasText: klus });
    await details.getByTestId('schouw').getByText('Kees de Opnemer').waitFor();
    await details.getByRole('button', { name: 'Schouw annuleren' }).click();
    const confirm = page.getByRole('dialog', { name: 'Schouw annuleren?' });
    await confirm.getByText('De klant krijgt hiervan een e-mail.').waitFor();
    await confirm.getByLabel(/^Reden/).fill('De opnemer is ziek; wij bellen u voor een nieuwe afspraak.');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/schouw-annuleren-bevestigen.png` });
    await confirm.getByRole('button', { name: 'Schouw annuleren' }).click();
    await page.getByText('Schouw geannuleerd', { exact: true }).first().waitFor();
    await confirm.waitFor({ state: 'detached' });
    const told = details.getByTestId('schouw');
    await told.getByText(/^Geannuleerd: de schouw van/).waitFor();
    await told.getByText('Reden: De opnemer is ziek; wij bellen u voor een nieuwe afspraak.').waitFor();
    // As before the survey: a new one can be planned, and nothing else is offered for this one.
    await details.getByRole('button', { name: 'Schouw plannen' }).waitFor();
    assert.equal(await details.getByRole('button', { name: 'Uitkomst vastleggen' }).count(), 0);
    assert.equal(await details.getByRole('button', { name: 'Schouw annuleren' }).count(), 0);
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/schouw-geannuleerd.png` });
    assert.deepEqual(expectRow(`SELECT status, reden FROM klus_schouwen WHERE klus_id = '${id}'`),
      ['geannuleerd', 'De opnemer is ziek; wij bellen u voor een nieuwe afspraak.']);
    assert.deepEqual(expectRow(`SELECT count(*)::text FROM audit_log WHERE entity_id = '${id}' AND action = 'schouw_geannuleerd'`), ['1']);

    const [mail] = await waitForMails(email, 1, 20000);
    assert.equal(mail?.subject, 'Uw gratis schouw is geannuleerd');
    for (const want of ['Beste Mevrouw Annuleer', `- Datum: ${datum}`, '- Tijd: 10:30', '- Adres: Herenstraat 7, 2271 AB Voorburg',
      '- Reden: De opnemer is ziek; wij bellen u voor een nieuwe afspraak.']) {
      assert.ok(mail.text.includes(want), `the e-mail says ${want}:\n${mail.text}`);
    }
    assert.match(mail.text, /https?:\/\/\S+\/status\/[A-Za-z0-9_-]+/);
  });
});
