// The request wizard (/aanvraag) end to end against the real server, database and mail catcher:
// every step's message, keyboard use, the success dialog, the e-mail, the 5 s close, the failure
// path and the server's field errors.
//   BASE_URL=... MAILDEV_URL=... E2E_DATABASE_URL=... node --test e2e/public-aanvraag.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, newBrowser, open, waitForMails, expectFocus, expectFocused } from '../../shared-ui/e2e/support.mjs';
import { expectStep, fillContact, fillSteps1to3, formAlertText, DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

let browser;
before(async () => {
  browser = await newBrowser();
});
after(async () => {
  await browser?.close();
});

test('every step shows its message when incomplete; a complete request lands, mails and goes home after 5 s', async (t) => {
  const { page, errors } = await open(browser.context, '/aanvraag');
  try {
    const email = uniqueEmail('aanvraag');
    await expectStep(page, 1);
    assert.match(await page.title(), /stap 1 van 4/);
    await assertNoAxeViolations(page);

    // Step 1: no category.
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    assert.equal(await formAlertText(page), 'Kies een categorie');
    await expectStep(page, 1);
    const firstRadio = page.getByLabel('Montage & Ophangwerk');
    await expectFocused(firstRadio, 'focus on the first choice');
    assert.equal(await firstRadio.getAttribute('aria-invalid'), 'true');
    assert.match((await firstRadio.getAttribute('aria-describedby')) ?? '', /aanvraag-fout/);
    await assertNoAxeViolations(page);
    await firstRadio.check();
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();

    // Step 2: focus moves to the step heading; an empty description is refused.
    const heading2 = await expectStep(page, 2);
    await expectFocused(heading2, 'focus on the step heading');
    const description = page.getByLabel('Wat moet er gebeuren?');
    assert.equal(await page.getByText('0/200 tekens').count(), 1);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    assert.equal(await formAlertText(page), 'Beschrijf uw klus');
    await expectFocused(description, 'focus on description');
    assert.equal(await description.getAttribute('aria-invalid'), 'true');
    await assertNoAxeViolations(page);
    // At most 200 characters, counted live.
    await description.fill('x'.repeat(250));
    assert.equal((await description.inputValue()).length, 200);
    await page.getByText('200/200 tekens').waitFor();
    await description.fill('Lamp ophangen in de gang.');
    await page.getByText('25/200 tekens').waitFor();

    // Back and forth keeps what was entered.
    await page.getByRole('button', { name: 'Vorige', exact: true }).click();
    await expectStep(page, 1);
    assert.equal(await page.getByLabel('Montage & Ophangwerk').isChecked(), true);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await expectStep(page, 2);
    assert.equal(await description.inputValue(), 'Lamp ophangen in de gang.');
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();

    // Step 3: a Dutch calendar from Monday; no date and no time is refused, a date alone too.
    await expectStep(page, 3);
    const headers = await page.locator('.calendar-grid thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('abbr')));
    assert.deepEqual(headers, ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag']);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    assert.equal(await formAlertText(page), 'Kies een datum en tijd');
    await assertNoAxeViolations(page);
    const today = page.locator('.calendar-grid button[aria-current="date"]');
    // "Today" is the Dutch date, also for a browser in another zone (make test runs Chromium with
    // a zone whose date differs from Amsterdam's at that hour, TEST_TZ in the Makefile).
    const dutchToday = new Intl.DateTimeFormat('nl-NL', {
      timeZone: 'Europe/Amsterdam', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
    }).format(new Date());
    assert.equal(await today.getAttribute('aria-label'), `${dutchToday}, vandaag`);
    // Days before today cannot be picked.
    const past = page.locator('.calendar-grid button[aria-disabled="true"]');
    if ((await past.count()) > 0) {
      const before = await page.locator('.chosen-date').textContent();
      await past.first().click({ force: true });
      assert.equal(await page.locator('.chosen-date').textContent(), before);
    }
    // Keyboard: today has focus in the grid; Home/End stay in the week, arrows move, Enter picks.
    await today.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    const picked = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    await page.keyboard.press('Enter');
    assert.match(await page.locator('.chosen-date').textContent(), /^Gekozen datum: \w+dag \d{1,2} \w+ \d{4}$/);
    assert.equal(await page.locator(`.calendar-grid button[data-date="${picked}"]`).evaluate((el) => el.closest('td').getAttribute('aria-selected')), 'true');
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    assert.equal(await formAlertText(page), 'Kies een datum en tijd', 'a date without a time is not enough');
    const morning = page.getByLabel('ochtend (8:00-12:00)');
    await expectFocused(morning, 'focus on the first time slot');
    for (const slot of ['middag (12:00-17:00)', 'avond (17:00-20:00)']) assert.equal(await page.getByLabel(slot).count(), 1);
    await page.getByLabel('avond (17:00-20:00)').check();
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();

    // Step 4: required contact details; contact preference defaults to bellen.
    await expectStep(page, 4);
    assert.equal(await page.getByLabel('Bellen', { exact: true }).isChecked(), true);
    const towns = await page.getByLabel('Woonplaats').locator('option').allTextContents();
    for (const town of ['Voorburg', 'Leidschendam', 'Wassenaar']) assert.ok(towns.includes(town), `${town} is offered`);
    await page.getByRole('button', { name: 'Verzenden' }).click();
    assert.equal(await formAlertText(page), 'Vul alle verplichte velden in');
    const naam = page.getByLabel('Naam', { exact: true });
    await expectFocused(naam, 'focus on the first empty field');
    for (const label of ['Naam', 'Telefoonnummer', 'Adres (straat en huisnummer)', 'Postcode', 'Woonplaats']) {
      assert.equal(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), 'true', label);
    }
    assert.equal(await page.getByLabel('E-mailadres (niet verplicht)').getAttribute('aria-invalid'), null);
    await assertNoAxeViolations(page);

    await fillContact(page, { naam: 'Mevrouw E2E Jansen', email, contact: 'WhatsApp' });
    const send = page.getByRole('button', { name: 'Verzenden' });
    await send.click();

    const dialog = page.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    await dialog.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    assert.match(await dialog.textContent(), /U ontvangt een bevestiging per e-mail\./);
    await assertNoAxeViolations(page);

    // The dialog is still open just before 5 s, and closes itself (the home page shows) by 6 s.
    await page.waitForTimeout(Math.max(0, 4500 - (Date.now() - shownAt)));
    assert.equal(new URL(page.url()).pathname, '/aanvraag', 'still on /aanvraag at 4.5 s');
    await page.waitForURL((url) => url.pathname === '/', { timeout: Math.max(1, 6000 - (Date.now() - shownAt)) });

    // The job is in the database with its region (D2), name and contact preference (D10).
    await t.test('the job is stored', { skip: DB_CHECK_SKIP }, () => {
      const row = expectRow(`SELECT regio, naam, contact_voorkeur, status FROM klussen WHERE email = '${email}'`);
      assert.deepEqual(row, ['den-haag', 'Mevrouw E2E Jansen', 'whatsapp', 'open']);
    });

    // The confirmation e-mail reaches the catcher.
    const mails = await waitForMails(email, 1, 30000);
    assert.equal(mails.length, 1, 'one confirmation e-mail');

    await page.getByRole('heading', { level: 1, name: 'Uw betrouwbare klusmaat dichtbij' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('?categorie=veiligheid preselects the category', async () => {
  const { page } = await open(browser.context, '/aanvraag?categorie=veiligheid');
  try {
    await expectStep(page, 1);
    assert.equal(await page.getByLabel('Veilig & Comfortabel Wonen').isChecked(), true);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await expectStep(page, 2);
  } finally {
    await page.close();
  }
});

test('the services page links each category to the wizard with ?categorie=', async () => {
  const { page } = await open(browser.context, '/diensten');
  try {
    const links = page.getByRole('link', { name: /^Deze klus aanvragen/ });
    assert.equal(await links.count(), 5);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(hrefs, ['montage', 'veiligheid', 'onderhoud', 'schilderen', 'digitaal'].map((k) => `/aanvraag?categorie=${k}`));
    await links.nth(1).click();
    await expectStep(page, 1);
    // The prerendered first step takes up ?categorie= as soon as React has hydrated it, which on a
    // busy machine can be a moment after the step shows.
    const category = page.getByLabel('Veilig & Comfortabel Wonen');
    for (let i = 0; i < 100 && !(await category.isChecked()); i++) await page.waitForTimeout(100);
    assert.equal(await category.isChecked(), true);
  } finally {
    await page.close();
  }
});

test('a failed submission keeps step 4 with the message and an enabled button; resending succeeds', async () => {
  const { page, errors } = await open(browser.context, '/aanvraag');
  try {
    await fillSteps1to3(page);
    await fillContact(page, { naam: 'Meneer E2E de Vries', contact: 'Bellen' });
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/api/v1/public/aanvragen', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"kapot"}}' });
    });
    await page.getByRole('button', { name: 'Verzenden' }).click();
    const busy = page.getByRole('button', { name: 'Verzenden...' });
    await busy.waitFor();
    assert.equal(await busy.isDisabled(), true);
    release();
    assert.equal(await formAlertText(page), 'Er ging iets mis. Probeer het opnieuw.');
    await expectStep(page, 4);
    const send = page.getByRole('button', { name: 'Verzenden' });
    assert.equal(await send.isEnabled(), true);
    assert.equal(await page.getByLabel('Naam', { exact: true }).inputValue(), 'Meneer E2E de Vries');
    await assertNoAxeViolations(page);

    // The server unreachable: the same.
    await page.unroute('**/api/v1/public/aanvragen');
    await page.route('**/api/v1/public/aanvragen', (route) => route.abort('connectionrefused'));
    await send.click();
    assert.equal(await formAlertText(page), 'Er ging iets mis. Probeer het opnieuw.');
    assert.equal(await send.isEnabled(), true);

    await page.unroute('**/api/v1/public/aanvragen');
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    await dialog.waitFor();
    assert.doesNotMatch(await dialog.textContent(), /bevestiging per e-mail/, 'no e-mail, no e-mail sentence');
    // The close button goes home at once.
    await dialog.getByRole('button', { name: 'Naar de homepagina' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test("the server's field errors show under their fields; a refused burst shows the server's message", async () => {
  const { page } = await open(browser.context, '/aanvraag');
  try {
    await fillSteps1to3(page);
    await fillContact(page, { naam: 'Mevrouw E2E Postcode', postcode: 'ABC' });
    await page.getByRole('button', { name: 'Verzenden' }).click();
    const postcode = page.getByLabel('Postcode');
    await page.getByText('Vul een geldige postcode in, bijvoorbeeld 2271 AB.').waitFor();
    assert.equal(await postcode.getAttribute('aria-invalid'), 'true');
    await expectFocused(postcode, 'focus on the field the server refused');
    const described = (await postcode.getAttribute('aria-describedby')).split(' ');
    assert.ok(described.includes('aanvraag-postcode-fout'));
    await assertNoAxeViolations(page);

    await page.route('**/api/v1/public/aanvragen', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'U heeft zojuist al een aanvraag verstuurd.' } }),
      }),
    );
    await postcode.fill('2271 AB');
    await page.getByRole('button', { name: 'Verzenden' }).click();
    await page.getByText('U heeft zojuist al een aanvraag verstuurd.').waitFor();
    assert.match(await formAlertText(page), /Er ging iets mis\. Probeer het opnieuw\./);
    assert.equal(await page.getByRole('button', { name: 'Verzenden' }).isEnabled(), true);
  } finally {
    await page.close();
  }
});

test('the whole wizard works with the keyboard alone', async () => {
  const { page, errors } = await open(browser.context, '/aanvraag');
  try {
    const active = () => page.evaluate(() => {
      const el = document.activeElement;
      return { tag: el?.tagName, name: el?.getAttribute('name'), text: el?.textContent?.trim(), date: el?.getAttribute('data-date') };
    });
    async function tabTo(matches, max = 40) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        if (matches(await active())) return;
      }
      throw new Error(`Tab never reached the element; last: ${JSON.stringify(await active())}`);
    }
    await expectStep(page, 1);
    await tabTo((a) => a.name === 'categorie');
    await page.keyboard.press('ArrowDown'); // radio group: the arrow keys choose
    assert.equal(await page.getByLabel('Veilig & Comfortabel Wonen').isChecked(), true);
    await page.keyboard.press('Enter'); // submits the step

    await expectStep(page, 2);
    await tabTo((a) => a.name === 'beschrijving');
    await page.keyboard.type('Steunbeugel bij het toilet plaatsen.');
    await tabTo((a) => a.tag === 'BUTTON' && a.text?.startsWith('Volgende'));
    await page.keyboard.press('Enter');

    await expectStep(page, 3);
    await tabTo((a) => a.date !== null && a.date !== undefined);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await page.locator('.chosen-date').textContent(), /^Gekozen datum:/);
    await tabTo((a) => a.name === 'tijd');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByLabel('middag (12:00-17:00)').isChecked(), true);
    await tabTo((a) => a.tag === 'BUTTON' && a.text?.startsWith('Volgende'));
    await page.keyboard.press('Enter');

    await expectStep(page, 4);
    for (const [name, value] of [
      ['naam', 'Meneer E2E Toetsenbord'],
      ['telefoon', '0612345678'],
      ['adres', 'Laan 3'],
      ['postcode', '2242 AA'],
    ]) {
      await tabTo((a) => a.name === name);
      await page.keyboard.type(value);
    }
    await tabTo((a) => a.name === 'woonplaats');
    await page.keyboard.type('Wassenaar'); // a select takes typed text
    assert.equal(await page.getByLabel('Woonplaats').inputValue(), 'Wassenaar');
    await tabTo((a) => a.tag === 'BUTTON' && a.text === 'Verzenden');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' });
    await dialog.waitFor();
    await expectFocus(page, () => document.activeElement?.closest('[role="dialog"]') !== null, 'focus is in the dialog');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});
