// Browser tests of the charts (D29) at 1280×800: the reports page draws its five charts for the
// chosen period, each with its numbers as a table (the jobs per week equal the database's count),
// and the dashboard shows the 8-week trend; axe-core checks both.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, testBrowsers } from './support.mjs';
import { DB_CHECK_SKIP, expectRow } from './public-support.mjs';

const browsers = testBrowsers();
const SHOTS = process.env.SHOTS_DIR;
let page;

before(async () => {
  page = await browsers.console();
});

/** A chart's table as its header cells and rows of cell texts. */
async function tableOf(section) {
  return section.locator('table').evaluate((t) => ({
    head: [...t.querySelectorAll('thead th')].map((c) => c.textContent.trim()),
    rows: [...t.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent.trim())),
  }));
}

describe('the charts (D29)', { skip: DB_CHECK_SKIP }, () => {
  test('the reports page draws five charts with their numbers as tables', async () => {
    await page.goto(`${BASE_URL}/admin/rapportages`);
    const titels = ['Klussen per week per status', 'Omzet en btw per maand', 'Gewerkte uren per maand', 'Gemiddelde beoordeling per maand',
      'Aanvragen niet binnen 24 uur teruggebeld'];
    for (const titel of titels) await page.getByRole('heading', { name: titel }).waitFor();
    const van = await page.getByLabel(/^Startdatum/).inputValue();
    const tot = await page.getByLabel(/^Einddatum/).inputValue();

    const jobs = page.getByRole('region', { name: 'Klussen per week per status' });
    await jobs.locator('.MuiChartsSurface-root').first().waitFor(); // the drawing, loaded lazily
    await jobs.getByRole('button', { name: /^Toon cijfers/ }).click();
    await jobs.locator('table').waitFor();
    const { head, rows } = await tableOf(jobs);
    const col = head.indexOf('Afgerond');
    assert.ok(col > 0, `the table has an Afgerond column: ${head}`);
    const shown = rows.reduce((sum, r) => sum + Number((r[col] ?? '0').replace(/\./g, '')), 0);
    const [counted] = expectRow(`SELECT count(*)::text FROM klussen WHERE status = 'afgerond' AND NOT archived AND datum BETWEEN '${van}' AND '${tot}'`);
    assert.equal(String(shown), counted, 'the chart\'s finished jobs equal the database\'s count');
    await assertNoAxeViolations(page);
    if (SHOTS) {
      await page.getByRole('heading', { name: 'Grafieken' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/rapportages-grafieken.png`, fullPage: true });
    }
  });

  test('the dashboard shows the 8-week trend with its table', async () => {
    await page.goto(`${BASE_URL}/admin/dashboard`);
    const trend = page.getByRole('region', { name: /Trend \(8 weken\)/ });
    await trend.waitFor();
    await trend.getByRole('button', { name: /^Toon cijfers/ }).click();
    const { rows } = await tableOf(trend);
    assert.equal(rows.length, 8, 'eight weeks');
    await assertNoAxeViolations(page);
    if (SHOTS) {
      await trend.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/dashboard-trend.png` });
    }
  });
});
