// The klusser showcase (/klussers) on the demo data: card rules, the detail dialog, the empty
// state and the error state.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoAxeViolations, BASE_URL, newBrowser, open, expectFocused } from '../../shared-ui/e2e/support.mjs';

let browser;
before(async () => {
  browser = await newBrowser();
});
after(async () => {
  await browser?.close();
});

function card(page, name) {
  return page.locator('.klusser-card').filter({ has: page.getByRole('heading', { level: 2, name }) });
}

test('cards follow the rules: 2 specialisations then an ellipsis, 1 decimal with a comma, no photo text', async () => {
  const { page, errors } = await open(browser.context, '/klussers');
  try {
    await page.getByRole('heading', { level: 1, name: 'Onze klussers' }).waitFor();
    await page.locator('.klusser-card').first().waitFor();
    const names = await page.locator('.klusser-card h2').allTextContents();
    // Best rated first, unrated last (demo data: three klussers).
    assert.deepEqual(names.slice(0, 3), ['Piet Bakker', 'Gerrit Visser', 'Jan de Groot']);

    const piet = card(page, 'Piet Bakker');
    const pietText = await piet.textContent();
    assert.match(pietText, /Houtwerk/);
    assert.match(pietText, /Reparaties/);
    assert.doesNotMatch(pietText, /Monteren/, 'the third specialisation is not on the card');
    assert.match(pietText, /…/);
    assert.match(pietText, /4,8/);
    assert.match(pietText, /313 uur/, '312.5 hours rounded');
    assert.match(pietText, /Geen foto beschikbaar/);

    const gerrit = card(page, 'Gerrit Visser');
    const gerritText = await gerrit.textContent();
    assert.match(gerritText, /4,5/);
    assert.doesNotMatch(gerritText, /…/, 'two specialisations: no ellipsis');
    assert.match(gerritText, /Geen foto beschikbaar/);

    const jan = card(page, 'Jan de Groot');
    const janText = await jan.textContent();
    assert.doesNotMatch(janText, /Beoordeling/, 'no rating text without a rating');
    assert.match(janText, /12 uur/);
    assert.match(janText, /Geen foto beschikbaar/);
    // D5: no phone numbers or e-mail addresses on the public page.
    assert.doesNotMatch(await page.locator('main').textContent(), /@klusmaat\.nl/);
    await assertNoAxeViolations(page);

    // The detail dialog: everything, 'Boek deze klusser' to /aanvraag; Escape closes it.
    const more = piet.getByRole('button', { name: /Bekijk profiel/ });
    await more.click();
    const dialog = page.getByRole('dialog', { name: 'Piet Bakker' });
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Monteren/);
    assert.match(await dialog.textContent(), /Met pensioen sinds 2021/);
    assert.match(await dialog.textContent(), /Geen foto beschikbaar/);
    await assertNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(more, 'focus returns to the card');

    await more.click();
    assert.equal(await dialog.getByRole('link', { name: 'Boek deze klusser' }).getAttribute('href'), '/aanvraag');
    await dialog.getByRole('link', { name: 'Boek deze klusser' }).click();
    await page.waitForURL((url) => url.pathname === '/aanvraag');
    await page.getByRole('heading', { level: 1, name: 'Vraag een klusser aan' }).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

test('the page links to /word-klusser', async () => {
  const { page } = await open(browser.context, '/klussers');
  try {
    assert.equal(await page.getByRole('link', { name: 'Word klusser', exact: true }).getAttribute('href'), '/word-klusser');
  } finally {
    await page.close();
  }
});

test('three carousel photos loop with the buttons and the arrow keys', async () => {
  const page = await browser.context.newPage();
  try {
    const pixel = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
    await page.route('**/api/v1/public/klussers', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          total: 1,
          data: [
            {
              id: 'x1',
              naam: 'Kees Foto',
              woonplaats: 'Wassenaar',
              specialisaties: ['Schilderen'],
              gemiddelde_beoordeling: 4.25,
              totaal_uren: 10.4,
              gepensioneerd_sinds: null,
              intro_tekst: '',
              profiel_foto_url: pixel,
              carousel_fotos: [pixel + '#1', pixel + '#2', pixel + '#3', pixel + '#4'],
            },
          ],
        }),
      }),
    );
    await page.goto(`${BASE_URL}/klussers`, { waitUntil: 'networkidle' });
    // The list renders after the answer arrives, which on a loaded machine can be after the
    // network went idle: wait for the card itself before counting what is in it.
    const cardEl = page.locator('.klusser-card', { hasText: 'Kees Foto' });
    await cardEl.getByRole('img', { name: 'Foto van Kees Foto' }).waitFor();
    assert.equal(await cardEl.getByRole('img', { name: 'Foto van Kees Foto' }).count(), 1);
    assert.equal(await cardEl.getByText('Geen foto beschikbaar').count(), 0);
    assert.match(await cardEl.textContent(), /4,3/);
    await cardEl.getByRole('button', { name: /Bekijk profiel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Kees Foto' });
    await dialog.waitFor();
    const position = dialog.locator('.carousel-position');
    assert.equal(await position.textContent(), 'Foto 1 van 3', 'at most 3 photos');
    await dialog.getByRole('button', { name: 'Vorige foto' }).click();
    assert.equal(await position.textContent(), 'Foto 3 van 3', 'before the first comes the last');
    await dialog.getByRole('button', { name: 'Volgende foto' }).click();
    assert.equal(await position.textContent(), 'Foto 1 van 3', 'after the last comes the first');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await position.textContent(), 'Foto 3 van 3');
    await assertNoAxeViolations(page);
  } finally {
    await page.close();
  }
});

test('an empty list shows the message; a failing list shows an error with a retry', async () => {
  const page = await browser.context.newPage();
  try {
    await page.route('**/api/v1/public/klussers', (route) => route.fulfill({ contentType: 'application/json', body: '{"data":[],"total":0}' }));
    await page.goto(`${BASE_URL}/klussers`, { waitUntil: 'networkidle' });
    await page.getByText('Momenteel zijn er geen klussers beschikbaar. Check later nog eens!').waitFor();
    assert.equal(await page.locator('.klusser-card').count(), 0);
    await assertNoAxeViolations(page);

    await page.unroute('**/api/v1/public/klussers');
    await page.route('**/api/v1/public/klussers', (route) => route.fulfill({ status: 500, body: '' }));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('De klussers konden niet worden geladen. Probeer het later opnieuw.').waitFor();
    await assertNoAxeViolations(page);
    await page.unroute('**/api/v1/public/klussers');
    await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await page.locator('.klusser-card').first().waitFor();
  } finally {
    await page.close();
  }
});
