// Browser test of the customer's status page (D24): a request made on /aanvraag, the link
// from the confirmation e-mail in the mail catcher, the page following the job while it is open
// (planned by a klusser in another browser, then finished), the invoice PDF from the page, how to
// pay the invoice on a phone and 'Betaald' once it is paid (D30), a cancellation, and a wrong link
// that looks like any unknown page. axe-core and Lighthouse (mobile accessibility 100) check the
// page.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { BASE_URL, CHROMIUM_ARGS, DEMO_PASSWORD, assertNoAxeViolations, newBrowser, open, png, waitForMails, signInConsole } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, fillContact, fillSteps1to3, queryAsAdmin, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = [];
const jobs = [];
const restore = [];
const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };

async function browser(viewport = PHONE) {
  const b = await newBrowser({ viewport });
  browsers.push(b);
  return b.context;
}

/** Sends a request on /aanvraag with an e-mail address; answers the status link's path from the e-mail. */
async function requestAndLink(beschrijving) {
  const email = uniqueEmail('status');
  const { page } = await open(await browser(), '/aanvraag');
  await fillSteps1to3(page, { beschrijving });
  await fillContact(page, { naam: 'Mevrouw Status', email });
  await page.getByRole('button', { name: 'Verzenden' }).click();
  await page.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' }).waitFor();
  const mails = await waitForMails(email, 1, 20000);
  assert.equal(mails.length, 1, 'the confirmation e-mail arrived');
  const path = mails[0].text.match(/\/status\/[A-Za-z0-9_-]{43}/)?.[0];
  assert.ok(path, `the confirmation e-mail carries the status link:\n${mails[0].text}`);
  const [id] = expectRow(`SELECT id FROM klussen WHERE beschrijving = '${beschrijving}'`);
  jobs.push(id);
  return { path, id };
}

async function klusserApi() {
  const { page } = await open(await browser(), '/auth');
  await page.getByLabel('E-mailadres').fill('piet.bakker@klusmaat.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  const call = async (method, path, data) => {
    const res = await page.request.fetch(`${BASE_URL}${path}`, { method, headers: { 'X-Klusmaat-CSRF': '1' }, ...(data ? { data } : {}) });
    assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  return call;
}

async function lighthouseAccessibility(url) {
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
  const { stdout } = await promisify(execFile)(process.execPath,
    [cli, url, '--output=json', '--output-path=stdout', '--quiet', '--only-categories=accessibility', `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024, timeout: 180000 });
  const report = JSON.parse(stdout);
  const failed = Object.values(report.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary').map((a) => a.id);
  return { score: Math.round(report.categories.accessibility.score * 100), failed };
}

describe('the customer status page', { skip: DB_CHECK_SKIP }, () => {
  after(async () => {
    for (const b of browsers) await b.close();
    for (const id of jobs) queryAsAdmin(`DELETE FROM klussen WHERE id = '${id}'`);
    for (const sql of restore) queryAsAdmin(sql);
  });

  test('from the e-mail link: received, planned live with the first name, finished with the invoice PDF', async () => {
    const { path, id } = await requestAndLink(`E2E statuspagina ${Date.now()}: kapstok ophangen`);
    const { page, response } = await open(await browser(), path);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['x-robots-tag'] ?? '', /noindex/);
    assert.equal(response.headers()['referrer-policy'], 'no-referrer');
    await page.getByRole('heading', { level: 1, name: 'Stand van uw aanvraag' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Aanvraag ontvangen' }).waitFor();
    assert.equal(await page.getByText('Herenstraat 12').count(), 0, 'the address is not shown');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-ontvangen.png`, fullPage: true });
    const lh = await lighthouseAccessibility(`${BASE_URL}${path}`);
    assert.equal(lh.score, 100, `Lighthouse mobile accessibility ${lh.score}; failing audits: ${lh.failed.join(', ')}`);

    // A klusser plans it in another browser; the open page follows (it asks every 30 seconds).
    // The klusser has a showcase photo (restored afterwards).
    const [photoBefore] = expectRow(`SELECT coalesce(profiel_foto_url, '-') FROM profiles WHERE naam = 'Piet Bakker'`);
    if (photoBefore === '-') {
      queryAsAdmin(`UPDATE profiles SET profiel_foto_url = id || '/' || gen_random_uuid() || '.jpg' WHERE naam = 'Piet Bakker'`);
      restore.push(`UPDATE profiles SET profiel_foto_url = NULL WHERE naam = 'Piet Bakker'`);
    }
    queryAsAdmin(`UPDATE klussen SET assignment_type = 'pool' WHERE id = '${id}'`);
    const call = await klusserApi();
    await call('POST', `/api/v1/klusser/klussen/${id}/claim`);
    const [datum] = expectRow(`SELECT to_char((now() AT TIME ZONE 'Europe/Amsterdam')::date + 3, 'YYYY-MM-DD')`);
    await call('PUT', `/api/v1/klusser/klussen/${id}/planning`, { datum, tijd: '10:00' });
    await page.getByRole('status').filter({ hasText: 'Ingepland' }).waitFor({ timeout: 45000 });
    await page.getByText('Uw klusser is Piet.').waitFor();
    assert.equal(await page.getByText('Bakker').count(), 0, 'only the first name (D5)');
    const img = page.getByRole('img', { name: 'Foto van Piet' });
    await img.waitFor();
    assert.match(await img.getAttribute('src'), /^\/files\/public\//, 'the showcase photo (D5)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-ingepland.png`, fullPage: true });

    // Finished through the work order; the invoice PDF is made in the background.
    const w = await call('POST', `/api/v1/klusser/klussen/${id}/werkbon`);
    await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/start`, { client_id: crypto.randomUUID() });
    const signature = `data:image/png;base64,${png(20, 20, 20).toString('base64')}`;
    await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/afronden`, {
      client_id: crypto.randomUUID(), beoordeling: { algemeen: 5, netheid: 5, vriendelijkheid: 5, vakmanschap: 5 }, opmerkingen: '', handtekening: signature,
    });
    for (let i = 0; i < 50 && expectRow(`SELECT coalesce(pdf_url, '-') FROM facturen WHERE klus_id = '${id}'`)[0] === '-'; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Afgerond' }).waitFor();
    const link = page.getByRole('link', { name: 'Download uw factuur (PDF)' });
    const pdf = await page.request.get(`${BASE_URL}${await link.getAttribute('href')}`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString(), '%PDF-');
    await assertNoAxeViolations(page);
  });

  test('on a phone, the invoice of a finished job says what to pay, by when, to which account and with which reference; paid, it says Betaald (D30)', async () => {
    const { path, id } = await requestAndLink(`E2E factuur ${Date.now()}: lamp ophangen`);
    queryAsAdmin(`UPDATE klussen SET assignment_type = 'pool' WHERE id = '${id}'`);
    const call = await klusserApi();
    await call('POST', `/api/v1/klusser/klussen/${id}/claim`);
    const [datum] = expectRow(`SELECT to_char((now() AT TIME ZONE 'Europe/Amsterdam')::date + 3, 'YYYY-MM-DD')`);
    await call('PUT', `/api/v1/klusser/klussen/${id}/planning`, { datum, tijd: '10:00' });
    const w = await call('POST', `/api/v1/klusser/klussen/${id}/werkbon`);
    await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/start`, { client_id: crypto.randomUUID() });
    const { factuur_id: factuurId } = await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/afronden`, {
      client_id: crypto.randomUUID(), beoordeling: { algemeen: 5, netheid: 5, vriendelijkheid: 5, vakmanschap: 5 }, opmerkingen: '',
      handtekening: `data:image/png;base64,${png(20, 20, 20).toString('base64')}`,
    });
    const [nummer, openCents, verval, iban, uitgever] = expectRow(
      `SELECT f.factuurnummer, s.open_cents, to_char(f.vervaldatum, 'YYYY-MM-DD'), f.uitgever->>'iban', f.uitgever->>'naam' ` +
        `FROM facturen f JOIN factuur_stand s ON s.factuur_id = f.id WHERE f.id = '${factuurId}'`,
    );
    assert.ok(Number(openCents) > 0, 'the new invoice is open');
    const euros = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(Number(openCents) / 100).replace(/\s/g, ' ');
    const day = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${verval}T00:00:00Z`));
    const grouped = iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

    const context = await browser(PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const { page } = await open(context, path);
    await page.getByRole('status').filter({ hasText: 'Afgerond' }).waitFor();
    const card = page.getByRole('region', { name: 'Uw factuur' });
    const cardText = async () => (await card.innerText()).replace(/\s+/g, ' ');
    const shown = await cardText();
    for (const line of [`Nog te betalen: ${euros}`, `Uiterlijk betalen op: ${day}`, `Op rekening: ${grouped} t.n.v. ${uitgever}`, `Vermeld bij de betaling: ${nummer}`]) {
      assert.ok(shown.includes(line), `the open invoice shows '${line}':\n${shown}`);
    }
    assert.doesNotMatch(shown, /Openstaand|Betaald/);
    assert.ok(await card.getByRole('link', { name: 'Download uw factuur (PDF)' }).isVisible());
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone');
    await card.getByRole('button', { name: 'Kopieer rekeningnummer' }).click();
    await card.getByRole('status').filter({ hasText: 'Het rekeningnummer is gekopieerd.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), iban.replace(/\s+/g, ''));
    await assertNoAxeViolations(page);
    // From the top: the sticky header would otherwise stand over the card in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-factuur-open.png`, fullPage: true });

    // Paid by card at the door: the klusser registers it, and the page says Betaald.
    await call('POST', `/api/v1/klusser/facturen/${factuurId}/betaling`, { betaal_methode: 'pin', betaal_notitie: '', client_id: crypto.randomUUID() });
    await page.reload();
    await card.getByText('Betaald', { exact: false }).first().waitFor();
    const paid = await cardText();
    assert.match(paid, /✓ Betaald/);
    assert.ok(paid.includes('Hartelijk dank voor uw betaling.'), paid);
    assert.ok(paid.includes(`Factuurnummer: ${nummer}`), paid);
    assert.doesNotMatch(paid, /Te betalen|Nog te betalen|Openstaand|Uiterlijk betalen|Op rekening/);
    assert.equal(await card.getByRole('button').count(), 0, 'nothing to copy');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-factuur-betaald.png`, fullPage: true });
  });

  test('issue 39: one support number and a link in the e-mail; a quote in hours is fixed, hours included; each state its own next step; a finished job is ✓ to the end and says who did it (390 px)', async () => {
    const beschrijving = `E2E vaste uren ${Date.now()}: schilderij ophangen`;
    const email = uniqueEmail('status');
    const { page: form } = await open(await browser(), '/aanvraag');
    await fillSteps1to3(form, { beschrijving });
    await fillContact(form, { naam: 'Mevrouw Uren', email });
    await form.getByRole('button', { name: 'Verzenden' }).click();
    await form.getByRole('dialog', { name: 'Uw aanvraag is ontvangen!' }).waitFor();
    const [mail] = await waitForMails(email, 1, 20000);
    const path = mail.text.match(/\/status\/[A-Za-z0-9_-]{43}/)?.[0];
    assert.ok(path, mail.text);
    const [id, regio] = expectRow(`SELECT id, regio FROM klussen WHERE beschrijving = '${beschrijving}'`);
    jobs.push(id);
    // The status link is a link in the HTML e-mail (item 11).
    const href = mail.html.match(/<a href="([^"]*\/status\/[A-Za-z0-9_-]{43})"/)?.[1];
    assert.ok(href?.endsWith(path), `the HTML e-mail's status link is no link:\n${mail.html}`);
    // One support number (D33): the region's, else the default, in the e-mail and on the page.
    const [telefoon] = expectRow(`SELECT telefoon FROM support_contact('${regio}')`);
    assert.ok(telefoon !== '', 'the demo region has a support number');
    assert.ok(mail.text.includes(`Telefoon: ${telefoon}`), `the e-mail's support number is not ${telefoon}:\n${mail.text}`);

    // A quote priced as 2,5 hours × € 65 and sent (as the office's editor does).
    const [offerteId] = expectRow(`INSERT INTO offertes (klus_id, arbeid_wijze, arbeid_omschrijving, arbeid_uren, uurtarief_cents, arbeid_cents,
        materialen, materiaal_cents, subtotaal_cents, btw_cents, totaal_cents, geldig_tot, nummer, versie, regio, created_by)
      VALUES ('${id}', 'uren', 'Schilderij ophangen', 2.5, 6500, 16250, '[]', 0, 16250, 3413, 19663, current_date + 30, 'O0000-0000', 1, '', actor_id())
      RETURNING id`);
    expectRow(`UPDATE offertes SET status = 'verstuurd', verstuurd_at = now() WHERE id = '${offerteId}' RETURNING id`);
    const { page } = await open(await browser(PHONE), path);
    const card = page.getByRole('region', { name: 'Uw offerte' });
    await card.waitFor();
    const cardText = async () => (await card.innerText()).replace(/\s+/g, ' ');
    assert.ok((await cardText()).includes('Deze prijs is een vaste prijs: ook de 2,5 uur arbeid staat vast. Duurt de klus langer, dan betaalt u niet meer.'), await cardText());
    assert.ok(await page.getByText(`Bel ${telefoon}`).isVisible(), 'the page has the same support number');
    await assertNoAxeViolations(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-offerte-uren.png`, fullPage: true });

    // Accepted: still to be planned.
    await card.getByRole('button', { name: 'Akkoord', exact: true }).click();
    await page.getByRole('dialog', { name: 'Akkoord met de offerte?' }).getByRole('button', { name: 'Ja, ik ga akkoord' }).click();
    await card.getByText('Wij plannen de klus en laten u weten wie er komt.', { exact: false }).waitFor();

    // The office assigns Piet without a time: the page names him, and the quote says it is planned.
    expectRow(`UPDATE klussen SET klusser_id = (SELECT id FROM profiles WHERE naam = 'Piet Bakker'), status = 'ingepland',
      assignment_type = 'direct', claimed_at = now() WHERE id = '${id}' RETURNING id`);
    await page.reload();
    const afspraak = page.getByRole('region', { name: 'Uw afspraak' });
    await afspraak.getByText('Uw klusser is Piet.').waitFor();
    assert.ok((await cardText()).includes('De klus is ingepland. Hierboven ziet u wie er komt.'), await cardText());
    assert.ok(!(await cardText()).includes('Wij plannen de klus'), 'no longer "Wij plannen"');
    await assertNoAxeViolations(page);

    // Piet plans, does and finishes it.
    const call = await klusserApi();
    const [datum] = expectRow(`SELECT to_char((now() AT TIME ZONE 'Europe/Amsterdam')::date + 3, 'YYYY-MM-DD')`);
    await call('PUT', `/api/v1/klusser/klussen/${id}/planning`, { datum, tijd: '10:00' });
    const w = await call('POST', `/api/v1/klusser/klussen/${id}/werkbon`);
    await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/start`, { client_id: crypto.randomUUID() });
    await call('POST', `/api/v1/klusser/werkbonnen/${w.id}/afronden`, {
      client_id: crypto.randomUUID(), beoordeling: { algemeen: 5, netheid: 5, vriendelijkheid: 5, vakmanschap: 5 }, opmerkingen: '',
      handtekening: `data:image/png;base64,${png(20, 20, 20).toString('base64')}`,
    });
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Afgerond' }).waitFor();
    const dots = await page.getByRole('list', { name: 'Voortgang van uw aanvraag' }).locator('.status-step-dot').allInnerTexts();
    assert.deepEqual(dots, ['✓', '✓', '✓', '✓'], 'every step is done, Afgerond too');
    const klusser = page.getByRole('region', { name: 'Uw klusser' });
    await klusser.getByText('De klus is gedaan door Piet.').waitFor();
    assert.equal(await page.getByText('Bakker').count(), 0, 'only the first name (D5)');
    assert.ok((await cardText()).includes('De klus is afgerond.'), await cardText());
    assert.ok(!(await cardText()).includes('Wij plannen de klus'), 'no longer "Wij plannen"');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing wider than the phone');
    await assertNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-afgerond-klusser.png`, fullPage: true });
  });

  test('an open request can be cancelled; a wrong link is an unknown page', async () => {
    const { path, id } = await requestAndLink(`E2E annuleren ${Date.now()}: gordijnrails`);
    const { page } = await open(await browser(), path);
    await page.getByRole('button', { name: 'Aanvraag annuleren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aanvraag annuleren?' });
    await dialog.getByRole('button', { name: 'Ja, annuleren' }).click();
    await page.getByRole('status').filter({ hasText: 'Geannuleerd' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Aanvraag annuleren' }).count(), 0);
    assert.deepEqual(expectRow(`SELECT archived, geannuleerd_at IS NOT NULL FROM klussen WHERE id = '${id}'`), ['t', 't']);

    const wrong = path.slice(0, -3) + (path.endsWith('AAA') ? 'BBB' : 'AAA');
    const res = await page.goto(`${BASE_URL}${wrong}`);
    assert.equal(res.status(), 404);
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
  });

  test('an admin exports a customer\'s data and erases it from the customer card (AVG)', async () => {
    const { id } = await requestAndLink(`E2E AVG ${Date.now()}: deurbel vervangen`);
    const [email] = expectRow(`SELECT email FROM klussen WHERE id = '${id}'`);
    const page = await signInConsole(await browser({ width: 1280, height: 800 }));
    await page.goto(`${BASE_URL}/admin/klanten/${encodeURIComponent(email)}`);
    await page.getByRole('heading', { level: 1, name: email }).waitFor();
    await assertNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gegevens exporteren' }).click()]);
    const zip = await readFile(await download.path());
    assert.equal(zip.subarray(0, 2).toString(), 'PK', 'the export is a zip');
    assert.ok(zip.includes(Buffer.from('gegevens.json')), 'with gegevens.json');

    await page.getByRole('button', { name: 'Gegevens wissen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Gegevens van deze klant wissen?' });
    await confirm.getByText('Facturen blijven bewaard', { exact: false }).waitFor();
    await assertNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Ja, wissen' }).click();
    await page.getByText(/Gewist: 1 klussen/).waitFor();
    assert.equal(expectRow(`SELECT count(*) FROM klussen WHERE email = '${email}'`)[0], '0');
  });
});
