// Browser tests of the charts (D29) at 1280×800: the reports page draws its five charts for the
// chosen period, each with its numbers as a table (the jobs per week equal the database's count of
// exactly the period's days, its cut weeks named as parts; the hours in the month they were
// worked), and the dashboard shows the 8-week trend; axe-core checks both.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow } from '../../shared-ui/e2e/public-support.mjs';

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

  test("a period's charts count exactly its days, its cut weeks named as such, the hours in the month they were worked", async () => {
    // A period from a Wednesday to a Tuesday three weeks later: both its first and last week are cut.
    const nl = (d) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
    // The days come from the product's calendar (the Amsterdam date the server's database keeps),
    // never from this machine's clock or zone.
    const [van, tot, sunday] = expectRow(`
      SELECT w::text, (w + 27)::text, (w + 4)::text
      FROM (SELECT d - (((extract(dow FROM d)::int + 4) % 7) + 21) AS w
            FROM (SELECT (now() AT TIME ZONE 'Europe/Amsterdam')::date AS d) today) wednesday`);

    await page.goto(`${BASE_URL}/admin/rapportages`);
    await page.getByRole('heading', { name: 'Klussen per week per status' }).waitFor();
    await page.getByLabel(/^Startdatum/).fill(van);
    await page.getByLabel(/^Einddatum/).fill(tot);
    const jobs = page.getByRole('region', { name: 'Klussen per week per status' });
    await page.getByText(`Cijfers van ${nl(van)} tot en met ${nl(tot)}, alle regio's.`).waitFor();
    await jobs.getByRole('button', { name: /^Toon cijfers/ }).click();
    const { head, rows } = await tableOf(jobs);
    assert.deepEqual(head, ['Week', 'Getelde dagen', 'Open', 'Ingepland', 'Bezig', 'Afgerond', 'Totaal']);
    assert.equal(rows.length, 5, 'five weeks touched');
    assert.match(rows[0][0], /^week \d+ \(deel\)$/, 'the first week is a part');
    assert.equal(rows[0][1], `${nl(van)} t/m ${nl(sunday)}`, "the first week counts from the period's first day");
    assert.match(rows[4][0], /\(deel\)$/, 'the last week is a part');
    assert.ok(rows[4][1].endsWith(`t/m ${nl(tot)}`), `the last week counts to the period's last day: ${rows[4][1]}`);
    const shown = rows.reduce((sum, r) => sum + Number(r[6].replace(/\./g, '')), 0);
    const [counted] = expectRow(`SELECT count(*)::text FROM klussen WHERE NOT archived AND datum BETWEEN '${van}' AND '${tot}'`);
    assert.equal(String(shown), counted, "the chart's jobs equal the database's count of the period's days");
    const summary = await jobs.textContent();
    assert.ok(summary.includes(counted === '0' ? 'Geen klussen' : `${counted} klussen met een datum in deze periode`), `the summary counts the same: ${summary}`);
    assert.ok(summary.includes('liggen deels in de periode'), 'the summary names the cut weeks');

    // The hours: per month of the period, as worked (the work order's end, Amsterdam days).
    const hours = page.getByRole('region', { name: 'Gewerkte uren per maand' });
    await hours.getByRole('button', { name: /^Toon cijfers/ }).click();
    const uren = await tableOf(hours);
    const col = uren.head.indexOf('Uren');
    const worked = uren.rows.reduce((sum, r) => sum + Number(r[col].replace(/\./g, '')), 0);
    const [sum] = expectRow(`SELECT coalesce(sum(w.uren), 0)::text FROM werkbonnen w JOIN klussen k ON k.id = w.klus_id
      WHERE w.status = 'completed' AND (w.eind_tijd AT TIME ZONE 'Europe/Amsterdam')::date BETWEEN '${van}' AND '${tot}'`);
    assert.equal(String(worked), sum, 'the hours worked in the period');
    assert.ok(worked > 0, 'the demo worked hours in the last four weeks');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rapportages-deelweken.png`, fullPage: true });

    // One day counts that day only, not its week.
    await page.getByLabel(/^Startdatum/).fill(tot);
    await page.getByText(`Cijfers van ${nl(tot)} tot en met ${nl(tot)}, alle regio's.`).waitFor();
    await jobs.getByRole('button', { name: /^Toon cijfers/ }).click();
    const day = await tableOf(jobs);
    const [ofDay] = expectRow(`SELECT count(*)::text FROM klussen WHERE NOT archived AND datum = '${tot}'`);
    assert.deepEqual([day.rows.length, day.rows[0][1], day.rows[0][6]], [1, nl(tot), ofDay], 'one day, its own jobs');
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
