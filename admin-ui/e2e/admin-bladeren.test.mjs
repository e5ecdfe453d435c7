// Browser tests of the record pager ('Vorige klusser · 2 van 5 · Volgende klusser'): the admin
// goes from a klusser to the next one in the list's order at 1280×800, and a franchise owner's
// pager fits one line on a phone (390 px) with buttons still named after what they open. axe on
// both.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, signInConsole, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();

describe('bladeren door records', { skip: DB_CHECK_SKIP }, () => {
  test('the admin goes to the next klusser of the list, by name', async () => {
    const page = await browsers.console();
    await page.goto(`${BASE_URL}/admin/klussers`);
    await page.getByRole('heading', { level: 1, name: 'Klussers' }).waitFor();
    // The list's first klusser: there is a next one, whichever klussers other tests added.
    const details = page.getByRole('link', { name: /^Details van / }).first();
    const eerste = (await details.getAttribute('aria-label')).replace(/^Details van /, '');
    await details.click();
    await page.getByRole('heading', { level: 1, name: eerste }).waitFor();
    const pager = page.getByRole('navigation', { name: 'Bladeren door de klussers' });
    const teller = async () => (await pager.getByText(/^\d+ van \d+$/).textContent()).split(' van ').map(Number);
    await pager.getByText(/^\d+ van \d+$/).waitFor();
    const [plek, totaal] = await teller();
    assert.ok(totaal >= 2 && plek === 1, `${eerste}, the list's first, is ${plek} of ${totaal}`);
    await assertNoAxeViolations(page);
    await pager.getByRole('link', { name: 'Volgende klusser' }).click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: eerste }).waitFor();
    await pager.getByText(`${plek + 1} van ${totaal}`, { exact: true }).waitFor();
    // The next one by name: the list's order, not the order of the ids.
    const naam = await page.getByRole('heading', { level: 1 }).textContent();
    assert.ok(naam.localeCompare(eerste, 'nl') > 0, `${naam} comes after ${eerste}`);
  });

  test("a franchise owner's pager fits one line on a phone", async () => {
    // The pager shows with two klussers or more; the demo region has one (Piet Bakker). A second
    // one is made here, so that the test does not depend on another test file having made one.
    const admin = await browsers.console();
    const made = await admin.evaluate(async (email) => {
      const r = await fetch('/api/v1/klussers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Klusmaat-CSRF': '1' },
        body: JSON.stringify({ naam: 'E2E Bladeren', email, password: 'Klusmaat-e2e-2026', telefoon: '0612345678', adres: '', postcode: '',
          woonplaats: 'Voorburg', regio: ['den-haag'], heeft_vog: true, heeft_vervoer: false, motivatie: '' }),
      });
      return `${r.status} ${await r.text()}`;
    }, uniqueEmail('bladeren'));
    assert.match(made, /^20[01] /, `a second klusser in the region: ${made}`);
    const { context } = await browsers.open({ width: 390, height: 844 });
    const page = await signInConsole(context, 'franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
    const [piet] = expectRow(`SELECT id FROM profiles WHERE email = 'piet.bakker@klusmaat.nl'`);
    await page.goto(`${BASE_URL}/franchise/klussers/${piet}`);
    await page.getByRole('heading', { level: 1, name: 'Piet Bakker' }).waitFor();
    const pager = page.getByRole('navigation', { name: 'Bladeren door de klussers' });
    await pager.getByText(/^\d+ van \d+$/).waitFor();
    const vorige = pager.getByRole('button', { name: 'Vorige klusser' }).or(pager.getByRole('link', { name: 'Vorige klusser' }));
    const volgende = pager.getByRole('button', { name: 'Volgende klusser' }).or(pager.getByRole('link', { name: 'Volgende klusser' }));
    const [a, b] = [await vorige.boundingBox(), await volgende.boundingBox()];
    assert.equal(Math.round(a.y), Math.round(b.y), 'both buttons on one line');
    assert.ok(a.height >= 44 && b.height >= 44, 'touch targets of 44 px');
    // 'Volgende' shows without 'klusser' (about 150 px against 230), which stays in the name.
    assert.ok(b.width < 190, `Volgende is ${b.width} px wide`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
    await assertNoAxeViolations(page);
  });
});
