// Browser test of paying klussers (D31) and the franchise fee (D32) as the franchise owner of Den
// Haag at 1280×800, against the real server, Kratos and database: a concept statement of a Den
// Haag klusser with an IBAN, paid by Den Haag's own business, is opened with its lines (€ 35,00
// an hour) and approved after the question; 'Betaalbatches' shows it going into a new payment
// file, which is made and downloaded (pain.001.001.03 XML naming the statement); 'Uitgevoerd door
// de bank' asks 'Heeft de bank de betalingen uitgevoerd?' first, and the statement then reads
// 'Uitbetaald'. The owner's Afdrachten page shows Den Haag's fee statement with its invoice, and
// the klusser's page its bank account, masked and read only. axe-core checks WCAG 2.2 AA on each
// page and dialog.
//
// What it needs is made here by SQL as the admin (row-level security applies), so the run does
// not depend on the seed: a klusser of Den Haag of this test's own (no work orders, so the monthly
// draft never touches it) with a bank account, and a concept statement of it for the first month
// from this one on that it has none for (statements are never deleted: each run takes the next
// month); Den Haag's fee statement when the server has not drafted one.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { BASE_URL, assertNoAxeViolations, expectFocus, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP } from '../../shared-ui/e2e/public-support.mjs';

const OWNER = 'franchise.denhaag@klusmaat.nl';
const SHOTS = process.env.SHOTS_DIR;
const ADMIN = '00000000-0000-0000-0000-000000000001';
const ACTOR_KEY = process.env.E2E_ACTOR_KEY ?? 'klusmaat-dev-actor-key-not-for-production';
/** This test's klusser in Den Haag, made once and kept (its statements stay, as paid ones do). */
const KLUSSER = '0e2e0000-0000-4000-8000-000000000d31';
const KLUSSER_NAAM = 'E2E Uitbetaling Klusser';
const IBAN = 'NL20INGB0001234567';
const GEMASKEERD = 'NL20 **** **** **** 4567';

const browsers = testBrowsers();

/**
 * Runs SQL as the admin through the app role in one transaction and returns the last row, or
 * null: the session's nonce, then BEGIN, then the proof as the only statement of its message (as
 * migration 041 asks), then the SQL (as klusser-uitbetalingen.test.mjs does).
 */
function queryAsAdmin(sql) {
  const script = [
    'SELECT actor_session() AS nonce \\gset',
    'BEGIN;',
    `SELECT prove_actor('1/admin/${ADMIN}//' || encode(hmac(convert_to(concat_ws(E'\\n', 'klusmaat-actor-v2', :nonce, 1, 'admin', '${ADMIN}', ''), 'UTF8'), convert_to(:'key', 'UTF8'), 'sha256'), 'hex'));`,
    `${sql};`,
    'COMMIT;',
  ].join('\n');
  const out = execFileSync('psql', [process.env.E2E_DATABASE_URL, '-X', '-q', '-tA', '-v', 'ON_ERROR_STOP=1', '-v', `key=${ACTOR_KEY}`], {
    input: script,
    encoding: 'utf8',
  });
  const rows = out.split('\n').filter((l) => l.trim() !== '');
  return rows.length > 0 ? rows.at(-1).split('|') : null;
}

function expectRow(sql) {
  const row = queryAsAdmin(sql);
  assert.notEqual(row, null, `no row for: ${sql}`);
  return row;
}

const MAANDEN = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];
/** '2026-10' or '2026-10-01' -> 'oktober 2026', as the pages write a month. */
const maandTekst = (m) => `${MAANDEN[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
/** Cents as the page writes them, with an ordinary space for Intl's non-breaking one. */
const euro = (cents) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');
const tidy = (s) => (s ?? '').replace(/\s+/g, ' ').trim();
/** A text whose spaces match Intl's non-breaking ones too. */
const loose = (s) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

/** This test's klusser in Den Haag with a bank account (made the first time, the account set again each run). */
function klusser() {
  queryAsAdmin(`
    INSERT INTO profiles (id, naam, email, woonplaats, regio) VALUES ('${KLUSSER}', '${KLUSSER_NAAM}', 'e2e-uitbetalingen@klusmaat.test', 'Voorburg', '{den-haag}')
    ON CONFLICT (id) DO NOTHING;
    INSERT INTO user_roles (user_id, role) SELECT '${KLUSSER}', 'klusser'
    WHERE NOT EXISTS (SELECT 1 FROM user_roles WHERE user_id = '${KLUSSER}' AND role = 'klusser');
    INSERT INTO klusser_bankrekeningen (klusser_id, iban, rekeninghouder) VALUES ('${KLUSSER}', '${IBAN}', 'E2E Klusser')
    ON CONFLICT (klusser_id) DO UPDATE SET iban = excluded.iban, rekeninghouder = excluded.rekeninghouder`);
}

/** A concept statement of the klusser paid by Den Haag's business: one line of `uren` hours. */
function conceptStatement(uren) {
  const row = expectRow(`
    WITH m AS (
      SELECT g::date AS maand
      FROM generate_series(date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam'),
                           date_trunc('month', now() AT TIME ZONE 'Europe/Amsterdam') + interval '50 years', interval '1 month') g
      WHERE NOT EXISTS (SELECT 1 FROM uitbetalingen u WHERE u.klusser_id = '${KLUSSER}' AND u.uitgever_id = 'den-haag' AND u.maand = g::date)
      ORDER BY g LIMIT 1),
    u AS (
      INSERT INTO uitbetalingen (nummer, klusser_id, klusser_naam, uitgever_id, maand)
      SELECT 'UB' || to_char(m.maand, 'YYYYMM') || '-' ||
               lpad((coalesce((SELECT max(substr(nummer, 10)::int) FROM uitbetalingen WHERE maand = m.maand), 0) + 1)::text, 4, '0'),
             '${KLUSSER}', '${KLUSSER_NAAM}', 'den-haag', m.maand
      FROM m
      RETURNING id, nummer, maand)
    INSERT INTO uitbetaling_regels (uitbetaling_id, soort, datum, klus, woonplaats, uren, tarief_cents, bedrag_cents, omschrijving)
    SELECT id, 'werk', maand + 4, 'E2E-' || nummer, 'Voorburg', ${uren}, 3500, ${uren * 3500}, 'E2E uitbetalingen' FROM u
    RETURNING uitbetaling_id, (SELECT nummer FROM u), (SELECT to_char(maand, 'YYYY-MM') FROM u), ((SELECT maand FROM u) + 4)::text`);
  return { id: row[0], nummer: row[1], maand: row[2], datum: row[3], totaal: uren * 3500, uren };
}

/** Den Haag's newest fee statement; one is made (as the admin) when the server has drafted none. */
function feeStatement() {
  const found = queryAsAdmin(`SELECT a.id, to_char(a.maand, 'YYYY-MM'), f.factuurnummer, coalesce(array_to_string(a.facturen, ','), '')
    FROM afdrachten a LEFT JOIN facturen f ON f.id = a.factuur_id WHERE a.uitgever_id = 'den-haag' ORDER BY a.maand DESC LIMIT 1`);
  if (found !== null) return { id: found[0], maand: found[1], factuurnummer: found[2] || null, facturen: found[3] ? found[3].split(',') : [] };
  const row = expectRow(`
    INSERT INTO afdrachten (uitgever_id, regio, maand, omzet_cents, percentage, bedrag_cents, facturen)
    VALUES ('den-haag', 'den-haag', date_trunc('month', (now() AT TIME ZONE 'Europe/Amsterdam') - interval '1 month')::date, 100000, 8.00, 8000, '{DH-E2E-0001}')
    RETURNING id, to_char(maand, 'YYYY-MM')`);
  return { id: row[0], maand: row[1], factuurnummer: null, facturen: ['DH-E2E-0001'] };
}

async function toast(page, text) {
  await page.getByText(text).first().waitFor({ timeout: 15000 });
}

/** The page is no wider than the screen and its tables need no sideways scrolling at 1280 px. */
async function assertFitsScreen(page, where) {
  const { scroll, inner, tables } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    tables: [...document.querySelectorAll('.RaDatagrid-tableWrapper')].map((w) => [w.scrollWidth, w.clientWidth]),
  }));
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide on a screen of ${inner} px`);
  for (const [sw, cw] of tables) assert.ok(sw <= cw + 1, `${where}: a table is ${sw} px wide in a box of ${cw} px`);
}

async function shot(page, name, fullPage = true) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

describe("the franchise owner pays its klussers and reads its fee (D31, D32)", { skip: DB_CHECK_SKIP }, () => {
  let page;
  let ub;

  before(async () => {
    for (const path of ['/api/v1/uitbetalingen', '/api/v1/betaalbatches', '/api/v1/afdrachten']) {
      const res = await fetch(`${BASE_URL}${path}`);
      assert.notEqual(res.status, 404, `${BASE_URL} does not serve ${path}: run the server with the uitbetaling and afdracht modules`);
    }
    const admin = await fetch(`${BASE_URL}/franchise/uitbetalingen`);
    assert.equal(admin.status, 200, `${BASE_URL} does not serve /franchise/uitbetalingen: its console build predates the page (make run)`);
    assert.deepEqual(expectRow(`SELECT id, regio FROM factuur_uitgevers WHERE id = 'den-haag'`), ['den-haag', 'den-haag'], "Den Haag has a business of its own (the seed's)");
    klusser();
    ub = conceptStatement(2 + Math.floor(Math.random() * 7));
    page = await browsers.console(OWNER, '/franchise/dashboard');
  });

  test("a concept statement is checked line by line and approved after the question", async () => {
    const filter = encodeURIComponent(JSON.stringify({ klusser: KLUSSER }));
    await page.goto(`${BASE_URL}/franchise/uitbetalingen?filter=${filter}`);
    await page.getByRole('heading', { level: 1, name: 'Uitbetalingen' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(ub.nummer) });
    await row.waitFor();
    assert.match(tidy(await row.textContent()), new RegExp(`${maandTekst(ub.maand)}.*${ub.nummer}.*${KLUSSER_NAAM}.*Klusmaat Den Haag B\\.V\\..*${loose(euro(ub.totaal)).source}.*Concept`));
    assert.equal(await row.getByText('IBAN ontbreekt').count(), 0, 'the klusser has an IBAN');
    await assertFitsScreen(page, 'uitbetalingen');
    await assertNoAxeViolations(page);
    await shot(page, 'uitbetalingen-lijst');

    await row.getByRole('button', { name: `Bekijken en goedkeuren: uitbetaling ${ub.nummer} van ${KLUSSER_NAAM}` }).click();
    const dialog = page.getByRole('dialog', { name: `Uitbetaling ${ub.nummer}` });
    const regels = dialog.getByRole('table', { name: /Gewerkte uren/ });
    const regel = regels.getByRole('row', { name: new RegExp(`E2E-${ub.nummer}`) });
    const [j, m, d] = [ub.datum.slice(0, 4), ub.datum.slice(5, 7), ub.datum.slice(8, 10)];
    await regel.waitFor(); // the dialog loads its lines after it opens
    assert.deepEqual((await regel.getByRole('cell').allTextContents()).map(tidy), [
      `${d}-${m}-${j}`,
      `E2E-${ub.nummer}`,
      'Voorburg',
      `${ub.uren} uur`,
      '€ 35,00/u',
      euro(ub.totaal),
    ]);
    assert.equal(tidy(await regels.getByRole('row', { name: /^Totaal/ }).textContent()), `Totaal${euro(ub.totaal)}`);
    const pdf = await page.request.get(`${BASE_URL}${await dialog.getByRole('link', { name: /PDF van de uitbetaling/ }).getAttribute('href')}`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
    await assertNoAxeViolations(page);
    await shot(page, 'uitbetaling-detail', false);

    await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
    const vraag = page.getByRole('dialog', { name: 'Uitbetaling goedkeuren?' });
    await vraag.getByText(loose(`${euro(ub.totaal)} aan ${KLUSSER_NAAM} voor ${maandTekst(ub.maand)}`)).waitFor();
    assert.deepEqual(expectRow(`SELECT status FROM uitbetalingen WHERE id = '${ub.id}'`), ['concept'], 'nothing approved before the answer');
    await assertNoAxeViolations(page);
    await shot(page, 'uitbetaling-goedkeuren', false);
    await vraag.getByRole('button', { name: 'Goedkeuren' }).click();
    await toast(page, 'Uitbetaling goedgekeurd');
    await dialog.getByText('Goedgekeurd', { exact: true }).first().waitFor();
    await expectFocus(page, () => document.activeElement?.getAttribute('aria-labelledby') === 'uitbetaling-staat-kop uitbetaling-staat', 'focus on the state after approval');
    await dialog.getByText(`${GEMASKEERD}, ten name van E2E Klusser`).waitFor();
    assert.deepEqual(expectRow(`SELECT status, iban FROM uitbetalingen WHERE id = '${ub.id}'`), ['goedgekeurd', IBAN], 'approval copies the IBAN');
    await assertNoAxeViolations(page);
    await shot(page, 'uitbetaling-goedgekeurd', false);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await row.getByText('Goedgekeurd', { exact: true }).waitFor();
  });

  test("the approved statement goes into a payment file, which is downloaded and confirmed as carried out by the bank", async () => {
    await page.getByRole('navigation', { name: 'Onderdelen van uitbetalingen' }).getByRole('link', { name: 'Betaalbatches' }).click();
    await page.waitForURL((url) => url.pathname === '/franchise/betaalbatches');
    await page.getByRole('heading', { level: 1, name: 'Betaalbatches' }).waitFor();
    const maken = page.getByRole('region', { name: 'Betaalbestand maken' });
    const denHaag = maken.getByRole('region', { name: 'Klusmaat Den Haag B.V. (regio Den Haag)' });
    await denHaag.getByTestId('mee-den-haag').getByText(loose(`${ub.nummer}, ${KLUSSER_NAAM}, ${maandTekst(ub.maand)}: ${euro(ub.totaal)}`)).waitFor();
    // The owner pays from its own business only.
    assert.equal(await maken.getByRole('region', { name: /centraal/ }).count(), 0);
    await assertFitsScreen(page, 'betaalbatches');
    await assertNoAxeViolations(page);
    await shot(page, 'betaalbatches-maken');

    await denHaag.getByRole('button', { name: 'Betaalbestand maken voor Klusmaat Den Haag B.V. (regio Den Haag)' }).click();
    const uitslag = denHaag.getByRole('note', { name: 'Betaalbestand gemaakt voor Klusmaat Den Haag B.V. (regio Den Haag)' });
    await uitslag.waitFor({ timeout: 15000 });
    await expectFocus(page, () => document.activeElement?.getAttribute('aria-label')?.startsWith('Betaalbestand gemaakt voor') === true, 'focus on what was made');
    const [batchId, bericht, aantal, totaal] = expectRow(`SELECT b.id, b.bericht_id, b.aantal, b.totaal_cents FROM uitbetalingen u JOIN betaalbatches b ON b.id = u.batch_id WHERE u.id = '${ub.id}'`);
    assert.match(tidy(await uitslag.textContent()), new RegExp(`^Betaalbatch ${bericht} aangemaakt`));
    await assertNoAxeViolations(page);
    await shot(page, 'betaalbatches-gemaakt');

    // 'Betaalbestand downloaden': the pain.001.001.03 file, naming the statement as its end-to-end id.
    const row = page.getByRole('row', { name: new RegExp(bericht) });
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: new RegExp(`^Betaalbestand downloaden: betaalbatch ${bericht}`) }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `betaalbatch-${bericht}.xml`);
    const xml = await readFile(await download.path(), 'utf8');
    assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    assert.match(xml, /urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.03/);
    assert.match(xml, new RegExp(`<MsgId>${bericht}</MsgId>`));
    assert.match(xml, new RegExp(`<EndToEndId>${ub.nummer}</EndToEndId>`));
    assert.match(xml, new RegExp(`<IBAN>${IBAN}</IBAN>`));
    assert.match(xml, new RegExp(`<NbOfTxs>${aantal}</NbOfTxs>`));
    assert.ok(Number(totaal) >= ub.totaal);

    // 'Uitgevoerd door de bank' asks first; the answer pays exactly the batch's statements.
    await row.getByRole('button', { name: new RegExp(`^Uitgevoerd door de bank: betaalbatch ${bericht}`) }).click();
    const vraag = page.getByRole('dialog', { name: 'Heeft de bank de betalingen uitgevoerd?' });
    await vraag.waitFor();
    assert.deepEqual(expectRow(`SELECT status FROM betaalbatches WHERE id = '${batchId}'`), ['aangemaakt'], 'nothing confirmed before the answer');
    await assertNoAxeViolations(page);
    await shot(page, 'betaalbatch-uitgevoerd-vraag', false);
    await vraag.getByRole('button', { name: 'Ja, uitgevoerd' }).click();
    await toast(page, `Betaalbatch ${bericht} uitgevoerd door de bank`);
    await row.getByText('Uitgevoerd', { exact: true }).waitFor();
    await row.getByText(/^op \d{2}-\d{2}-\d{4}$/).waitFor();
    assert.equal(await row.getByRole('button', { name: /Uitgevoerd door de bank/ }).count(), 0);
    assert.deepEqual(expectRow(`SELECT status FROM uitbetalingen WHERE id = '${ub.id}'`), ['uitbetaald']);
    await assertNoAxeViolations(page);
    await shot(page, 'betaalbatches-uitgevoerd');

    await page.getByRole('navigation', { name: 'Onderdelen van uitbetalingen' }).getByRole('link', { name: 'Uitbetalingen' }).click();
    const filter = encodeURIComponent(JSON.stringify({ klusser: KLUSSER }));
    await page.goto(`${BASE_URL}/franchise/uitbetalingen?filter=${filter}`);
    const paid = page.getByRole('row', { name: new RegExp(ub.nummer) });
    await paid.getByText('Uitbetaald', { exact: true }).waitFor();
    await paid.getByText(/^op \d{2}-\d{2}-\d{4}$/).waitFor();
    await assertNoAxeViolations(page);
    await shot(page, 'uitbetalingen-uitbetaald');
  });

  test("the owner's Afdrachten show Den Haag's fee with its invoice and the month's invoices", async () => {
    const fee = feeStatement();
    await page.goto(`${BASE_URL}/franchise/afdrachten`);
    await page.getByRole('heading', { level: 1, name: 'Afdrachten' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`^${maandTekst(fee.maand)}`) }).first();
    await row.waitFor();
    const text = tidy(await row.textContent());
    assert.match(text, /Klusmaat Den Haag B\.V\./);
    assert.match(text, /\d+(,\d+)?%/);
    if (fee.factuurnummer !== null) {
      await row.getByText(fee.factuurnummer, { exact: true }).waitFor();
      assert.match(text, /Openstaand|Deels betaald|Betaald|In bespreking|Uit handen gegeven|Gecrediteerd/);
      const href = await row.getByRole('link', { name: `PDF van factuur ${fee.factuurnummer}` }).getAttribute('href');
      const pdf = await page.request.get(`${BASE_URL}${href}`);
      assert.equal(pdf.status(), 200, "the owner may read its fee invoice's PDF");
      assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
    }
    await assertFitsScreen(page, 'afdrachten');
    await assertNoAxeViolations(page);
    await shot(page, 'afdrachten');

    await row.getByRole('button', { name: /^Bekijken: Afdracht/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Afdracht / });
    const lijst = dialog.getByTestId('afdracht-facturen');
    if (fee.facturen.length > 0) {
      await lijst.waitFor();
      assert.deepEqual(await lijst.getByRole('listitem').allTextContents(), fee.facturen);
    } else {
      await dialog.getByText('Geen facturen in deze maand.').waitFor();
    }
    await assertNoAxeViolations(page);
    await shot(page, 'afdracht-detail', false);
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
  });

  test("the klusser's page shows the owner the bank account masked, without a way to change it", async () => {
    await page.goto(`${BASE_URL}/franchise/klussers/${KLUSSER}`);
    await page.getByRole('heading', { level: 1, name: KLUSSER_NAAM }).waitFor();
    const bank = page.getByRole('region', { name: 'Bankrekening' });
    await bank.getByText(GEMASKEERD).waitFor();
    assert.doesNotMatch(tidy(await bank.textContent()), /0001234567/);
    assert.equal(await bank.getByRole('button').count(), 0);
    await assertNoAxeViolations(page);
    await shot(page, 'klusser-bankrekening-franchise');
  });
});
