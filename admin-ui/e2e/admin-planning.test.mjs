// Browser tests of the week board (D29): at 1280×800 the whole week fits beside the open jobs with
// compact cards, and the admin drags an open job onto a klusser's row, and assigns another with the
// keyboard ('Toewijzen aan…'): assigned, work order made, toast; the den-haag franchise owner's
// board at 768 px (a tablet) shows the days that fit, today's among them, pages to the others,
// shows no other region and offers no dragging; axe-core checks both.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, signInConsole, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();
/** The tallest a job's card may be on the compact board (its four short lines; a long category on two). */
const CARD_MAX = 150;
const SHOTS = process.env.SHOTS_DIR;
let page;

before(async () => {
  page = await browsers.console();
});

/** An open den-haag job without a klusser, dated long ago so that it heads the board's open jobs. */
function openJob(what, days) {
  const [id] = expectRow(`INSERT INTO klussen (regio, categorie, beschrijving, datum, tijd, adres, postcode, woonplaats, telefoon, naam, email)
    VALUES ('den-haag', 'montage', '${what} ${Date.now()}', current_date - ${days} - 9000, 'ochtend', 'Herenstraat 9', '2271 AB', 'Voorburg',
            '070 386 12 98', 'Meneer Planning', '') RETURNING id`);
  return id;
}

async function showDenHaag(p) {
  await p.getByRole('heading', { level: 1, name: 'Planning' }).waitFor();
  await p.getByRole('combobox', { name: 'Regio' }).click();
  await p.getByRole('option', { name: 'Den Haag' }).click();
  // The menu's invisible backdrop outlives the list for a moment; a drag would start on it.
  await p.getByRole('listbox').waitFor({ state: 'hidden' });
  await p.locator('.MuiBackdrop-root').waitFor({ state: 'detached' });
}

describe('the week board (D29)', { skip: DB_CHECK_SKIP }, () => {
  test('the admin assigns by dragging and with the keyboard', async () => {
    const dragged = openJob('Bord slepen', 900);
    const keyed = openJob('Bord toetsen', 899);
    const [piet] = expectRow(`SELECT id FROM profiles WHERE email = 'piet.bakker@klusmaat.nl'`);

    await page.goto(`${BASE_URL}/admin/planning`);
    await showDenHaag(page);
    const card = page.locator(`[data-open-klus="${dragged}"]`);
    await card.waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/planning-admin.png`, fullPage: true });
    // A whole week fits at 1280 px beside the open jobs: seven days, today's among them, nothing
    // hidden in a sideways scroll and no day paging; the cards are compact.
    const region = page.getByRole('region', { name: /^Weekrooster/ });
    const fit = await region.evaluate((r) => ({ scroll: r.scrollWidth, width: r.clientWidth, days: r.querySelectorAll('thead th').length - 1 }));
    assert.ok(fit.days === 7 && fit.scroll <= fit.width + 1, `the whole week in view: ${JSON.stringify(fit)}`);
    const box = await region.boundingBox();
    const today = await region.locator('th[aria-current="date"]').boundingBox();
    assert.ok(box && today && today.x >= box.x && today.x + today.width <= box.x + box.width + 1, 'today is in view');
    assert.equal(await page.getByRole('group', { name: 'Dagen van de week' }).count(), 0, 'no day paging at 1280 px');
    const heights = await region.locator('tbody tr[data-klusser] td a').evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().height));
    assert.ok(heights.length > 0 && Math.max(...heights) <= CARD_MAX, `compact cards: ${heights}`);
    const row = page.locator(`tr[data-klusser="${piet}"]`);
    // At 1280 px, with the menu open, the open jobs stand beside the week (D29).
    const week = await page.getByRole('region', { name: /^Weekrooster/ }).boundingBox();
    const open = await page.locator('section[aria-labelledby="open-klussen-titel"]').boundingBox();
    assert.ok(week && open && open.x >= week.x + week.width && open.y < week.y + week.height, `open jobs beside the week: ${JSON.stringify({ week, open })}`);
    // The dragged job may stand low in a long column of open jobs; a drag that has to scroll the
    // page is the browser's (it scrolls at the edge), not the board's: a taller window shows both.
    await page.setViewportSize({ width: 1280, height: 2000 });
    await card.dragTo(row, { sourcePosition: { x: 3, y: 3 } }); // the card's edge: its link inside is not draggable
    await page.getByText(/toegewezen/i).first().waitFor();
    assert.deepEqual(expectRow(`SELECT klusser_id::text, status FROM klussen WHERE id = '${dragged}'`), [piet, 'ingepland']); // a direct assignment plans the job for the klusser (document 001 section 4)
    assert.deepEqual(expectRow(`SELECT count(*)::text FROM werkbonnen WHERE klus_id = '${dragged}'`), ['1'], 'the assignment made the work order');
    await card.waitFor({ state: 'detached' });

    // The keyboard path: the job's 'Toewijzen aan…' menu lists the region's klussers.
    const button = page.locator(`[data-open-klus="${keyed}"]`).getByRole('button', { name: /^Toewijzen aan…/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    assert.equal(await menu.getByRole('menuitem', { name: /Gerrit Visser/ }).count(), 0, 'no klusser of another region is offered');
    await menu.getByRole('menuitem', { name: /Piet Bakker/ }).click();
    await page.getByText('Klus toegewezen aan Piet Bakker').waitFor();
    assert.deepEqual(expectRow(`SELECT klusser_id::text FROM klussen WHERE id = '${keyed}'`), [piet]);
  });

  test('the franchise owner reads its own regions on a tablet, without dragging', async () => {
    const tablet = await browsers.open({ width: 768, height: 1024 });
    const franchise = await signInConsole(tablet.context, 'franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
    openJob('Bord franchise', 898);
    await franchise.goto(`${BASE_URL}/franchise/planning`);
    await franchise.getByRole('heading', { level: 1, name: 'Planning' }).waitFor();
    await franchise.getByRole('rowheader', { name: /Piet Bakker/ }).waitFor();
    assert.equal(await franchise.getByRole('rowheader', { name: /Gerrit Visser|Jan de Groot/ }).count(), 0, 'no klusser of another region');
    assert.equal(await franchise.getByRole('button', { name: /^Toewijzen aan…/ }).count(), 0, 'no assigning');
    assert.equal(await franchise.locator('[draggable="true"]').count(), 0, 'nothing to drag');
    await assertNoAxeViolations(franchise);
    assert.ok(await franchise.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page is not wider than the tablet');
    // With the menu open the week has some 500 px: the days that fit, today's among them, and
    // 'Eerdere dagen' / 'Latere dagen' for the rest; nothing scrolls sideways.
    const region = franchise.getByRole('region', { name: /^Weekrooster/ });
    const days = franchise.getByRole('group', { name: 'Dagen van de week' });
    await days.waitFor();
    const heads = () => region.locator('thead th').allTextContents();
    const shown = await heads();
    assert.ok(shown.length >= 4 && shown.length < 8, `four or more days, not all seven: ${shown}`);
    assert.equal(await region.locator('th[aria-current="date"]').count(), 1, 'today is shown');
    const fit = await region.evaluate((r) => r.scrollWidth <= r.clientWidth + 1);
    assert.ok(fit, 'the shown days fit without a sideways scroll');
    if (SHOTS) await franchise.screenshot({ path: `${SHOTS}/planning-franchise-tablet.png`, fullPage: true });
    const later = days.getByRole('button', { name: 'Latere dagen' });
    const page2 = (await later.isEnabled()) ? later : days.getByRole('button', { name: 'Eerdere dagen' });
    await page2.focus();
    await franchise.keyboard.press('Enter');
    await franchise.waitForFunction((before) => document.querySelector('thead th:nth-child(2)')?.textContent !== before, shown[1]);
    const next = await heads();
    assert.equal(next.length, shown.length, 'as many days on the next page');
    assert.notDeepEqual(next, shown, 'other days of the week');
    await assertNoAxeViolations(franchise);
  });
});
