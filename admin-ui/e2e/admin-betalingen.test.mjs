// Browser test of getting paid (D30) as the admin at 1280×800: an open invoice's follow-up books a
// part payment ('Deels betaald'); a CAMT.053 statement of the central business (written here, version
// 02) books the entry that names an invoice with exactly its open amount at once, offers the entry
// that names none for the office to confirm on its likely invoice (which then reads 'Betaald' in the
// list), and offers one with another amount than its invoice's (ignored here). The invoices page, the follow-up and the bank statements page are axe clean. The
// invoices are this test's own (the database may be shared): made by SQL as the admin, in the
// central business's sequence, and settled at the end so that nothing of them stays open.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, expectFocus, searchList, testBrowsers } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, queryAsAdmin } from '../../shared-ui/e2e/public-support.mjs';

const browsers = testBrowsers();
const SHOTS = process.env.SHOTS_DIR;
const ZOEKEN = 'Zoeken (factuurnummer, klant of omschrijving)';
let page;

/** Letters only: a customer's name in a remittance text must not read as an invoice number. */
const TAG = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The euro amount as users read it: 12345 → '€ 123,45' (Intl's non-breaking space). */
const euro = (cents) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** As a bank file writes it: 12345 → '123.45'. */
const camtBedrag = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** A name whose NBSP and spaces match either. */
const loose = (s) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

/**
 * A new open invoice of region Rotterdam, which invoices through the central business (D28),
 * numbered in that business's sequence and issued 16 days ago (two days past due); the amount
 * gets random cents so that no other open invoice has it.
 */
function nieuweFactuur(naam) {
  const materiaal = 1000 + Math.floor(Math.random() * 90000);
  const [id, nummer, totaal] = expectRow(`
    WITH n AS (
      INSERT INTO invoice_number_counters AS c (uitgever, jaar, laatste)
      VALUES ('centraal', extract(year FROM now() AT TIME ZONE 'Europe/Amsterdam')::int, 1)
      ON CONFLICT (uitgever, jaar) DO UPDATE SET laatste = c.laatste + 1
      RETURNING jaar, laatste)
    INSERT INTO facturen (regio, factuurnummer, datum, klant_naam, klant_email, klant_adres, klant_postcode, klant_woonplaats, omschrijving,
                          uren, uurtarief_cents, materiaal_cents, subtotaal_cents, btw_bedrag_cents, totaal_bedrag_cents)
    SELECT 'rotterdam', n.jaar || '-' || lpad(n.laatste::text, 4, '0'), (now() AT TIME ZONE 'Europe/Amsterdam')::date - 16, '${naam}', '',
           'Coolsingel 40', '3011 AD', 'Rotterdam', 'E2E betalingen: kast ophangen', 2, 5000, ${materiaal}, 10000 + ${materiaal},
           round((10000 + ${materiaal}) * 0.21), 10000 + ${materiaal} + round((10000 + ${materiaal}) * 0.21)
    FROM n
    RETURNING id, factuurnummer, totaal_bedrag_cents`);
  return { id, nummer, totaal: Number(totaal), naam };
}

/** The invoice's state and open amount as the database derives them (view factuur_stand). */
const stand = (f) => expectRow(`SELECT staat, open_cents::text FROM factuur_stand WHERE factuur_id = '${f.id}'`);

/** A CAMT.053.001.02 statement as a Dutch bank writes it (services/platform/sepa/camt/camttest). */
function camt053(iban, dag, entries) {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const ntry = (e, i) => `<Ntry>
<Amt Ccy="EUR">${camtBedrag(e.cents)}</Amt><CdtDbtInd>${e.debit ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>${dag}</Dt></BookgDt><ValDt><Dt>${dag}</Dt></ValDt><AcctSvcrRef>E2E-${TAG}-${i + 1}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls>
<Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
<RltdPties><${e.debit ? 'Cdtr' : 'Dbtr'}><Nm>${esc(e.naam)}</Nm></${e.debit ? 'Cdtr' : 'Dbtr'}><${e.debit ? 'CdtrAcct' : 'DbtrAcct'}><Id><IBAN>NL02RABO0123456789</IBAN></Id></${e.debit ? 'CdtrAcct' : 'DbtrAcct'}></RltdPties>
<RmtInf><Ustrd>${esc(e.omschrijving)}</Ustrd></RmtInf>
</TxDtls></NtryDtls>
</Ntry>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrStmt>
<GrpHdr><MsgId>E2E-${TAG}</MsgId><CreDtTm>${dag}T06:00:00</CreDtTm></GrpHdr>
<Stmt>
<Id>E2E-${TAG}-STMT</Id>
<CreDtTm>${dag}T06:00:00</CreDtTm>
<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${dag}</Dt></Dt></Bal>
${entries.map(ntry).join('\n')}
</Stmt>
</BkToCstmrStmt>
</Document>
`;
}

async function toast(text) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15000 });
}

/**
 * The page is no wider than the screen and its tables need no sideways scrolling: every column,
 * the actions last, is in view at 1280 px.
 */
async function assertFitsScreen(where) {
  const measure = () => {
    const tables = [...document.querySelectorAll('.RaDatagrid-tableWrapper')].map((w) => [w.scrollWidth, w.clientWidth]);
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, tables };
  };
  // The list settles first (its rows arrive, its chips and buttons get their fonts): measured
  // once it fits, or as it stands after ten seconds, when the assertion below says what does not.
  await page
    .waitForFunction(
      () =>
        document.documentElement.scrollWidth <= window.innerWidth &&
        [...document.querySelectorAll('.RaDatagrid-tableWrapper')].every((w) => w.scrollWidth <= w.clientWidth + 1),
      null,
      { timeout: 10_000 },
    )
    .catch(() => {});
  const { scroll, inner, tables } = await page.evaluate(measure);
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide on a screen of ${inner} px`);
  for (const [sw, cw] of tables) assert.ok(sw <= cw + 1, `${where}: a table is ${sw} px wide in a box of ${cw} px`);
}

/**
 * The invoice's row as a locator: its number and its customer. The number alone is not enough: a
 * franchise's number holds the central one after its prefix (DH2026-0011 beside 2026-0011).
 */
function rijVan(f) {
  return page.getByRole('row', { name: new RegExp(f.nummer) }).filter({ hasText: f.naam });
}

/** The invoice's row in the list, found by searching its number. */
async function rij(f) {
  await page.goto(`${BASE_URL}/admin/facturen`);
  await page.getByRole('heading', { level: 1, name: 'Facturen' }).waitFor();
  await searchList(page, ZOEKEN, f.nummer);
  const row = rijVan(f);
  await row.waitFor();
  return row;
}

describe('getting paid (D30)', { skip: DB_CHECK_SKIP }, () => {
  // A: part payment by hand; B: booked from the statement at once; C: the office confirms the
  // proposal; D: named with another amount, ignored.
  let A, B, C, D;

  before(async () => {
    A = nieuweFactuur(`E2E Deelbetaling ${TAG}`);
    B = nieuweFactuur(`E2E Bankbetaling ${TAG}`);
    C = nieuweFactuur(`E2E Voorstel ${TAG}`);
    D = nieuweFactuur(`E2E Ander bedrag ${TAG}`);
    page = await browsers.console();
  });

  // Nothing of this test stays open in a shared database: a proposal left by a failed run is
  // ignored, and what is left of the invoices is paid by hand.
  after(async () => {
    if (!page || !A) return;
    const posten = queryAsAdmin(`SELECT string_agg(p.id::text, ',') FROM bank_posten p JOIN bankafschriften a ON a.id = p.afschrift_id
      WHERE a.bestandsnaam = 'afschrift-${TAG}.xml' AND p.status = 'voorstel'`);
    for (const id of (posten?.[0] ?? '').split(',').filter(Boolean)) {
      await page.evaluate((id) => fetch(`/api/v1/bankposten/${id}/negeren`, { method: 'POST', headers: { 'X-Klusmaat-CSRF': '1' } }), id);
    }
    for (const f of [A, B, C, D]) {
      const [staat, open] = stand(f);
      if (Number(open) <= 0 || !['open', 'deels_betaald'].includes(staat)) continue;
      const [dag] = expectRow(`SELECT (now() AT TIME ZONE 'Europe/Amsterdam')::date::text`);
      await page.evaluate(
        async ({ id, dag, cents }) => {
          await fetch(`/api/v1/facturen/${id}/betalingen`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Klusmaat-CSRF': '1' },
            body: JSON.stringify({ datum: dag, bedrag_cents: cents, methode: 'bank', notitie: 'E2E: opgeruimd' }),
          });
        },
        { id: f.id, dag, cents: Number(open) },
      );
    }
  });

  test("an open invoice's follow-up books a part payment: 'Deels betaald'", async () => {
    const row = await rij(A);
    assert.equal(await row.getByText('Openstaand', { exact: true }).count(), 1, 'the new invoice reads Openstaand');
    await row.getByText('2 dagen over tijd').waitFor();
    await assertFitsScreen('facturen');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-facturen.png`, fullPage: true });

    await row.getByRole('button', { name: `Opvolging: factuur ${A.nummer}` }).click();
    const dialog = page.getByRole('dialog', { name: `Opvolging factuur ${A.nummer}` });
    await dialog.getByText('Nog geen betalingen geboekt.').waitFor();
    await dialog.getByRole('button', { name: 'Uit handen gegeven' }).waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-opvolging.png`, fullPage: true });

    await dialog.getByRole('button', { name: 'Betaling boeken' }).click();
    const boeken = page.getByRole('dialog', { name: 'Betaling boeken' });
    const [vandaag] = expectRow(`SELECT (now() AT TIME ZONE 'Europe/Amsterdam')::date::text`);
    assert.equal(await boeken.getByLabel('Datum van de betaling').inputValue(), vandaag, "today's date in Amsterdam");
    await boeken.getByLabel('Bedrag in euro').fill('25,05');
    await boeken.getByRole('radio', { name: 'Contant' }).check();
    await boeken.getByLabel('Notitie (niet verplicht)').fill('Bij de balie betaald');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-boeken.png` });
    await boeken.getByRole('button', { name: 'Betaling boeken' }).click();
    await toast('Betaling geboekt');
    await dialog.getByText('Deels betaald', { exact: true }).waitFor();
    // The focus is on the state, which a screen reader then reads.
    await expectFocus(page, () => document.activeElement?.getAttribute('aria-labelledby') === 'opvolging-staat-kop opvolging-staat', 'focus on the state after booking');
    assert.deepEqual(
      expectRow(`SELECT bedrag_cents::text, methode, bron, notitie FROM betalingen WHERE factuur_id = '${A.id}'`),
      ['2505', 'contant', 'kantoor', 'Bij de balie betaald'],
      "'25,05' is 2505 cents exactly",
    );
    assert.deepEqual(stand(A), ['deels_betaald', String(A.totaal - 2505)]);
    await dialog.getByRole('button', { name: loose(`Terugboeken: betaling van ${euro(2505)}`) }).waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-opvolging-deels.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Sluiten' }).click();
    await rijVan(A).getByText('Deels betaald', { exact: true }).waitFor();
  });

  test('a CAMT.053 statement books the exact one, and the office confirms the proposal on its invoice', async () => {
    const [iban] = expectRow(`SELECT iban FROM factuur_uitgevers WHERE id = 'centraal'`);
    const [dag] = expectRow(`SELECT (now() AT TIME ZONE 'Europe/Amsterdam')::date::text`);
    const xml = camt053(iban, dag, [
      { cents: B.totaal, naam: B.naam, omschrijving: `Factuur ${B.nummer.replace('-', ' ')}` },
      { cents: C.totaal, naam: C.naam, omschrijving: `Betaling klus ${C.naam}` },
      { cents: D.totaal - 1000, naam: D.naam, omschrijving: `Factuur ${D.nummer} min korting` },
    ]);

    await page.goto(`${BASE_URL}/admin/bankafschriften`);
    await page.getByRole('heading', { level: 1, name: 'Bankafschriften' }).waitFor();
    const form = page.getByRole('region', { name: 'Bankafschrift inlezen' });
    await form.getByRole('radio', { name: 'Klusmaat B.V. (centraal)' }).waitFor();
    await assertFitsScreen('bankafschriften');
    await assertNoAxeViolations(page);

    await form.getByRole('radio', { name: 'Klusmaat B.V. (centraal)' }).check();
    await form.getByLabel('Bestand (CAMT.053, .xml)').setInputFiles({ name: `afschrift-${TAG}.xml`, mimeType: 'application/xml', buffer: Buffer.from(xml) });
    await form.getByRole('button', { name: 'Inlezen' }).click();
    await toast('Bankafschrift ingelezen: 1 geboekt, 2 voorstellen, 0 overgeslagen');

    const afschrift = page.getByRole('region', { name: /^Afschrift van Klusmaat B.V. \(centraal\)/ });
    await afschrift.getByTestId('afschrift-telling').getByText('3 posten: 1 geboekt, 2 voorstellen te beoordelen, 0 genegeerd, 0 overgeslagen.').waitFor();
    await expectFocus(page, () => document.activeElement?.getAttribute('aria-labelledby') === 'afschrift-titel afschrift-telling', 'focus on the statement just read');
    assert.deepEqual(stand(B), ['betaald', '0'], 'the entry naming B with its open amount is booked at once');
    await afschrift.getByTestId('posten-geboekt').getByText(`Geboekt op factuur ${B.nummer} (${B.naam})`, { exact: false }).waitFor();

    const voorstel = afschrift.getByRole('article', { name: loose(`Bijschrijving ${euro(C.totaal)} op`) });
    await voorstel.getByRole('rowheader', { name: C.nummer, exact: true }).waitFor();
    const ander = afschrift.getByRole('article', { name: loose(`Bijschrijving ${euro(D.totaal - 1000)} op`) });
    await ander.getByRole('rowheader', { name: D.nummer, exact: true }).waitFor();
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-bankafschrift.png`, fullPage: true });

    await voorstel.getByRole('button', { name: loose(`Bevestigen: ${euro(C.totaal)} boeken op factuur ${C.nummer}`) }).click();
    await toast('Bijschrijving geboekt');
    await afschrift.getByTestId('afschrift-telling').getByText('3 posten: 2 geboekt, 1 voorstel te beoordelen, 0 genegeerd, 0 overgeslagen.').waitFor();
    assert.deepEqual(stand(C), ['betaald', '0']);

    await ander.getByRole('button', { name: /^Negeren/ }).click();
    const vraag = page.getByRole('dialog', { name: 'Bijschrijving negeren?' });
    await assertNoAxeViolations(page);
    await vraag.getByRole('button', { name: 'Negeren' }).click();
    await toast('Bijschrijving genegeerd');
    await afschrift.getByTestId('afschrift-telling').getByText('3 posten: 2 geboekt, 0 voorstellen te beoordelen, 1 genegeerd, 0 overgeslagen.').waitFor();
    assert.deepEqual(stand(D), ['open', String(D.totaal)], 'an ignored entry books nothing');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/betalingen-bankafschrift-afgehandeld.png`, fullPage: true });

    // The list of imports has it.
    await page.getByRole('row', { name: /Klusmaat B.V. \(centraal\)/ }).first().waitFor();

    const row = await rij(C);
    await row.getByText('Betaald', { exact: true }).waitFor();
    assert.equal(await row.getByRole('cell', { name: euro(0) }).count(), 1, 'nothing open');
  });

  test("the invoices list takes a dashboard's filters from the address", async () => {
    await page.goto(`${BASE_URL}/admin/facturen?regio=rotterdam&ouderdom=1-30`);
    await page.getByRole('heading', { level: 1, name: 'Facturen' }).waitFor();
    await page.getByRole('combobox', { name: 'Ouderdom' }).filter({ hasText: '1-30 dagen' }).waitFor();
    await page.getByRole('combobox', { name: 'Regio' }).filter({ hasText: 'Rotterdam' }).waitFor();
    await searchList(page, ZOEKEN, A.nummer);
    await rijVan(A).getByText('Deels betaald', { exact: true }).waitFor();
    await assertNoAxeViolations(page);
  });
});
