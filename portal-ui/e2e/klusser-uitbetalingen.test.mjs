// Browser test of 'Mijn Verdiensten' as a klusser is paid (D31), on a phone (390x844) against the
// real server, Kratos and database: Piet has no bank account yet and reads 'IBAN ontbreekt'; the
// link takes him to 'Mijn bankrekening', where a wrong IBAN is refused with the server's Dutch
// message at the field (what he typed stays) and the right one is saved and shown masked; his
// statements show, a paid one as 'Uitbetaald', and 'Bekijk PDF' gives the statement as a PDF.
// axe-core checks WCAG 2.2 AA in each state.
//
// What it needs is made here, so the run does not depend on the seed: Piet's bank account is
// removed first (and put back as it was afterwards), and a paid statement of his is made by SQL
// as the admin (concept -> goedgekeurd -> in a batch that the bank carried out -> uitbetaald, as
// migration 039 allows it) unless he already has one. A paid statement never changes and is never
// deleted, so later runs reuse it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { BASE_URL, DEMO_PASSWORD, assertNoAxeViolations, expectFocused, open, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const PHONE = { width: 390, height: 844 };
const KLUSSER = 'piet.bakker@klusmaat.nl';
const SHOTS = process.env.SHOTS_DIR;
const WRONG_IBAN = 'NL91 ABNA 0417 1643 01'; // one digit off: the check digits do not add up
const IBAN = 'NL91 ABNA 0417 1643 00';
const HOUDER = 'P. Bakker';
const MSG_IBAN = 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.';

const browsers = testBrowsers();
const MAANDEN = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
/** '2026-10' -> 'oktober 2026', as the page writes a month. */
const maandTekst = (m) => `${MAANDEN[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
/** 126000 -> '€ 1.260,00' with ordinary spaces (the page's Intl writes a non-breaking one). */
const euro = (cents) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');
const tidy = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Piet's newest paid statement; one is made when he has none. */
function paidStatement(pietId) {
  const found = queryAsAdmin(
    `SELECT id, nummer, to_char(maand, 'YYYY-MM'), totaal_cents FROM uitbetalingen
     WHERE klusser_id = '${pietId}' AND status = 'uitbetaald' ORDER BY maand DESC, nummer DESC LIMIT 1`,
  );
  if (found !== null) return { id: found[0], nummer: found[1], maand: found[2], totaal: Number(found[3]) };
  const id = randomUUID();
  const batch = randomUUID();
  // The business that pays den-haag (its own, else the central one, D28); the first month from
  // this one on that Piet has no statement of it for, so the monthly draft of last month is left
  // alone and does not reach back further than it would (draft.go takes work orders from the
  // first drafted month on).
  const row = expectRow(`
    INSERT INTO uitbetalingen (id, nummer, klusser_id, klusser_naam, uitgever_id, maand)
    SELECT '${id}', 'UB' || to_char(m.maand, 'YYYYMM') || '-' ||
             lpad((coalesce((SELECT max(substr(nummer, 10)::int) FROM uitbetalingen WHERE maand = m.maand), 0) + 1)::text, 4, '0'),
           p.id, p.naam, b.id, m.maand
    FROM profiles p
    CROSS JOIN (SELECT coalesce((SELECT id FROM factuur_uitgevers WHERE regio = 'den-haag'), 'centraal') AS id) b
    CROSS JOIN LATERAL (
      SELECT g::date AS maand
      FROM generate_series(date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam'),
                           date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam') + interval '10 years', interval '1 month') g
      WHERE NOT EXISTS (SELECT 1 FROM uitbetalingen u WHERE u.klusser_id = p.id AND u.uitgever_id = b.id AND u.maand = g::date)
      ORDER BY g LIMIT 1) m
    WHERE p.id = '${pietId}';
    INSERT INTO uitbetaling_regels (uitbetaling_id, soort, datum, klus, woonplaats, uren, tarief_cents, bedrag_cents, omschrijving)
    SELECT id, 'werk', maand + 13, 'E2E', 'Voorburg', 36, 3500, 126000, 'E2E uitbetalingen' FROM uitbetalingen WHERE id = '${id}';
    UPDATE uitbetalingen SET status = 'goedgekeurd', iban = 'NL91ABNA0417164300', rekeninghouder = '${HOUDER}' WHERE id = '${id}';
    INSERT INTO betaalbatches (id, uitgever_id, bericht_id, uitvoerdatum, aantal, totaal_cents)
    SELECT '${batch}', uitgever_id, 'E2E-UB-${Date.now()}', (now() AT TIME ZONE 'Europe/Amsterdam')::date, 1, totaal_cents
    FROM uitbetalingen WHERE id = '${id}';
    UPDATE uitbetalingen SET batch_id = '${batch}' WHERE id = '${id}';
    UPDATE betaalbatches SET status = 'uitgevoerd' WHERE id = '${batch}';
    UPDATE uitbetalingen SET status = 'uitbetaald' WHERE id = '${id}';
    SELECT id, nummer, to_char(maand, 'YYYY-MM'), totaal_cents, status FROM uitbetalingen WHERE id = '${id}'`);
  assert.equal(row[4], 'uitbetaald', 'the statement made for the test is paid');
  return { id: row[0], nummer: row[1], maand: row[2], totaal: Number(row[3]) };
}

async function signIn(context) {
  const { page } = await open(context, '/auth');
  await page.getByLabel('E-mailadres').fill(KLUSSER);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Welkom, Piet Bakker' }).waitFor();
  return page;
}

describe("a klusser's statements and bank account on a phone", { skip: DB_CHECK_SKIP }, () => {
  let pietId;
  let earlier = null; // Piet's account before the test: [iban, rekeninghouder], or null
  let paid;

  before(async () => {
    // A clear failure when the server runs without the statements (D31) yet.
    for (const path of ['/api/v1/klusser/uitbetalingen', '/api/v1/klusser/bankrekening']) {
      const res = await fetch(`${BASE_URL}${path}`);
      assert.notEqual(res.status, 404, `${BASE_URL} does not serve ${path}: run the server with the uitbetaling module`);
    }
    [pietId] = expectRow(`SELECT id FROM profiles WHERE email = '${KLUSSER}'`);
    earlier = queryAsAdmin(`SELECT iban, rekeninghouder FROM klusser_bankrekeningen WHERE klusser_id = '${pietId}'`);
    queryAsAdmin(`DELETE FROM klusser_bankrekeningen WHERE klusser_id = '${pietId}'`);
    paid = paidStatement(pietId);
  });

  after(() => {
    if (pietId === undefined) return;
    if (earlier === null) queryAsAdmin(`DELETE FROM klusser_bankrekeningen WHERE klusser_id = '${pietId}'`);
    else
      queryAsAdmin(
        `INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ('${pietId}', '${earlier[0]}', '${earlier[1].replaceAll("'", "''")}')
         ON CONFLICT (klusser_id) DO UPDATE SET iban = excluded.iban, rekeninghouder = excluded.rekeninghouder`,
      );
  });

  test("'IBAN ontbreekt', a wrong IBAN refused at its field, the right one saved masked, a paid statement and its PDF", async () => {
    const page = await signIn((await browsers.open(PHONE)).context);
    await page.getByRole('link', { name: /^Mijn Verdiensten/ }).click();
    await page.waitForURL((url) => url.pathname === '/klusser/verdiensten');
    await page.getByRole('heading', { level: 1, name: 'Mijn Verdiensten' }).waitFor();
    const statements = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Uitbetalingen' }) });
    const bank = page.locator('section#bankrekening');
    await statements.waitFor();
    await page.locator('.klusser-loading').first().waitFor({ state: 'detached' });

    // No account: the hint above the statements, and its link to the form.
    const hint = statements.locator('.uitbetaling-iban-ontbreekt');
    await hint.getByText('IBAN ontbreekt.').waitFor();
    await assertNoAxeViolations(page, { experimental: true });
    await hint.getByRole('link', { name: 'Bankrekening invullen' }).click();
    const iban = bank.getByLabel('IBAN', { exact: true });
    const houder = bank.getByLabel('Ten name van', { exact: true });
    await expectFocused(iban, "'Bankrekening invullen' puts the cursor in the IBAN field");

    // A wrong IBAN: the server's Dutch message at the field, focus on it, nothing typed lost.
    await iban.fill(WRONG_IBAN);
    await houder.fill(HOUDER);
    await bank.getByRole('button', { name: 'Bankrekening opslaan' }).click();
    const message = bank.locator('#bankrekening-iban-fout');
    await message.waitFor();
    assert.equal(tidy(await message.textContent()), MSG_IBAN);
    assert.equal(await iban.getAttribute('aria-invalid'), 'true');
    assert.ok((await iban.getAttribute('aria-describedby')).split(' ').includes('bankrekening-iban-fout'));
    await expectFocused(iban, 'the refused field has the focus');
    assert.equal(await iban.inputValue(), WRONG_IBAN);
    assert.equal(await houder.inputValue(), HOUDER);
    assert.equal(queryAsAdmin(`SELECT iban FROM klusser_bankrekeningen WHERE klusser_id = '${pietId}'`), null, 'nothing saved');
    await assertNoAxeViolations(page, { experimental: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klusser-bankrekening-fout.png`, fullPage: true });

    // The right one: saved, shown masked; the hint is gone.
    await iban.fill(IBAN);
    await bank.getByRole('button', { name: 'Bankrekening opslaan' }).click();
    await page.getByText('Bankrekening opgeslagen').first().waitFor();
    await bank.getByText('NL91 **** **** **** 4300').waitFor();
    assert.equal(await iban.count(), 0, 'the form closes once saved');
    assert.equal(await hint.count(), 0, "no 'IBAN ontbreekt' once there is an account");
    const [savedIban, savedHouder] = expectRow(`SELECT iban, rekeninghouder FROM klusser_bankrekeningen WHERE klusser_id = '${pietId}'`);
    assert.deepEqual([savedIban, savedHouder], ['NL91ABNA0417164300', HOUDER]);

    // Read again from the server: masked until he chooses to change it.
    await page.reload();
    await bank.getByText('NL91 **** **** **** 4300').waitFor();
    assert.doesNotMatch(tidy(await bank.textContent()), /0417/);
    assert.equal(await bank.getByLabel('IBAN', { exact: true }).count(), 0);
    await bank.getByRole('button', { name: 'Bankrekening wijzigen' }).click();
    assert.equal(await bank.getByLabel('IBAN', { exact: true }).inputValue(), IBAN);
    await bank.getByRole('button', { name: 'Annuleren' }).click();
    await bank.getByText('NL91 **** **** **** 4300').waitFor();

    // The paid statement: its month in words, number, total and 'Uitbetaald' in words.
    const card = statements.locator('li.uitbetaling-card', { hasText: paid.nummer });
    await card.waitFor();
    assert.equal(tidy(await card.getByRole('heading', { level: 3 }).textContent()), maandTekst(paid.maand));
    assert.equal(tidy(await card.locator('.klus-badge').textContent()), 'Status: Uitbetaald');
    assert.equal(tidy(await card.locator('.uitbetaling-totaal dt').textContent()), 'Totaal');
    assert.equal(tidy(await card.locator('.uitbetaling-totaal dd').textContent()), euro(paid.totaal));
    assert.match(tidy(await card.textContent()), /Het geld is op \d{2}-\d{2}-\d{4} naar je rekening overgemaakt\./);
    await assertNoAxeViolations(page, { experimental: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/klusser-uitbetalingen.png`, fullPage: true });

    // 'Bekijk PDF': the statement as a PDF.
    const link = card.getByRole('link', { name: `Bekijk PDF van ${maandTekst(paid.maand)}` });
    const href = await link.getAttribute('href');
    assert.equal(href, `/api/v1/klusser/uitbetalingen/${paid.id}/pdf`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.equal(await download.failure(), null, 'the PDF downloads');
    assert.match(download.suggestedFilename(), /\.pdf$/);
    const pdf = await page.request.get(`${BASE_URL}${href}`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(new URL(page.url()).pathname, '/klusser/verdiensten', 'the page stays where it was');
  });
});
