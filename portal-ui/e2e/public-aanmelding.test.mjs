// Apply as klusser (/word-klusser): the page's parts, the form's rules and messages, the success
// path (stored as nieuw, home after 2 s) and the failure message.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, newBrowser, open, expectFocused } from '../../shared-ui/e2e/support.mjs';
import { formAlertText, DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const REQUIRED_MSG = 'Vul alle verplichte velden in en selecteer minimaal 1 dag beschikbaarheid';

let browser;
before(async () => {
  browser = await newBrowser();
});
after(async () => {
  await browser?.close();
});

async function fillRequired(page, { naam, email }) {
  await page.getByLabel(/^Naam/).fill(naam);
  await page.getByLabel(/^Leeftijd/).fill('67');
  await page.getByLabel(/^Woonplaats/).fill('Leidschendam');
  await page.getByLabel(/^Telefoonnummer/).fill('06 12 34 56 78');
  if (email) await page.getByLabel(/^E-mailadres/).fill(email);
  await page.getByLabel(/^Waarom wilt u klusser worden\?/).fill('Ik help graag mensen in de buurt.');
}

test('the page shows the login card, benefits, requirements and the pay', async () => {
  const { page, errors } = await open(browser.context, '/word-klusser');
  try {
    await page.getByRole('heading', { level: 1, name: /^Word klusser bij / }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Inloggen als klusser' }).getAttribute('href'), '/auth');
    const text = await page.locator('main').textContent();
    for (const requirement of ['65 jaar of ouder', 'ervaring', 'geldige Verklaring Omtrent het Gedrag (VOG)', 'eigen vervoer', 'minimaal 1 dag per week']) {
      assert.match(text, new RegExp(requirement.replace(/[()]/g, '\\$&')));
    }
    assert.match(text, /€ 35 per uur, all-in/);
    // Age and town are marked required; the age has a minimum of 65.
    assert.equal(await page.getByLabel(/^Leeftijd/).getAttribute('min'), '65');
    assert.equal(await page.getByLabel(/^Leeftijd/).getAttribute('required'), '');
    assert.equal(await page.getByLabel(/^Woonplaats/).getAttribute('required'), '');
    // The address is one line (street and number): the one-line token, not the multi-line
    // 'street-address' a browser would fill with the whole address (WCAG 1.3.5).
    assert.equal(await page.getByLabel(/^Adres/).getAttribute('autocomplete'), 'address-line1');
    const days = await page.locator('input[name="beschikbaarheid"]').evaluateAll((els) => els.map((e) => e.value));
    assert.deepEqual(days, ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag']);
    await assertNoAxeViolations(page);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('the form refuses missing fields and no day, then sends, says so and goes home after 2 s', async (t) => {
  const { page, errors } = await open(browser.context, '/word-klusser');
  try {
    const email = uniqueEmail('aanmelding');
    const send = page.getByRole('button', { name: 'Aanmelding versturen' });
    await send.click();
    assert.equal(await formAlertText(page), REQUIRED_MSG);
    const naam = page.getByLabel(/^Naam/);
    await expectFocused(naam, 'focus on the first missing field');
    assert.equal(await naam.getAttribute('aria-invalid'), 'true');
    await assertNoAxeViolations(page);

    // Everything but a day: still refused.
    await fillRequired(page, { naam: 'Henk E2E Klusser', email });
    await send.click();
    assert.equal(await formAlertText(page), REQUIRED_MSG);
    await expectFocused(page.getByLabel('Maandag'), 'focus on Maandag');

    // Too young.
    await page.getByLabel('Dinsdag').check();
    await page.getByLabel('Donderdag').check();
    await page.getByLabel(/^Leeftijd/).fill('60');
    await send.click();
    const leeftijd = page.getByLabel(/^Leeftijd/);
    assert.equal(await page.locator('#aanmelding-leeftijd-fout').textContent(), 'Klussers zijn 65 jaar of ouder.');
    assert.equal(await leeftijd.getAttribute('aria-invalid'), 'true');
    await expectFocused(leeftijd, 'focus on the age');
    assert.equal(await page.locator('main [role="alert"]:not(.toast-region)').count(), 0, 'no top alert for the age');
    await page.getByLabel(/^Leeftijd/).fill('67');

    await page.getByLabel(/Ik heb een geldige VOG/).check();
    await send.click();
    const success = page.getByText(
      'Uw aanmelding is ontvangen! We beoordelen uw aanmelding en nemen binnen 2 werkdagen contact op.',
    );
    await success.waitFor();
    const shownAt = Date.now();
    await assertNoAxeViolations(page);

    await t.test('the application is stored', { skip: DB_CHECK_SKIP }, () => {
      const row = expectRow(
        `SELECT naam, leeftijd, status, array_to_string(beschikbaarheid, ','), heeft_vog, heeft_vervoer FROM klusser_aanmeldingen WHERE email = '${email}'`,
      );
      assert.deepEqual(row, ['Henk E2E Klusser', '67', 'nieuw', 'Dinsdag,Donderdag', 't', 'f']);
    });

    await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
    const after = Date.now() - shownAt;
    assert.ok(after >= 1500, `went home after ${after} ms, not 2 s`);
    await page.getByRole('heading', { level: 1, name: 'Uw betrouwbare klusmaat dichtbij' }).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('a failed application shows its message and can be sent again', async () => {
  const { page } = await open(browser.context, '/word-klusser');
  try {
    await fillRequired(page, { naam: 'Wim E2E Fout' });
    await page.getByLabel('Zaterdag').check();
    await page.route('**/api/v1/public/aanmeldingen', (route) => route.fulfill({ status: 500, body: '' }));
    const send = page.getByRole('button', { name: 'Aanmelding versturen' });
    await send.click();
    assert.equal(await formAlertText(page), 'Er ging iets mis bij het versturen van uw aanmelding. Probeer het opnieuw.');
    assert.equal(await send.isEnabled(), true);
    assert.equal(await page.getByLabel(/^Naam/).inputValue(), 'Wim E2E Fout');
    await assertNoAxeViolations(page);
  } finally {
    await page.close();
  }
});
