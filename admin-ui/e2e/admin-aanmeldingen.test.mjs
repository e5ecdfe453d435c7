// Browser test of the applications pipeline, as a visitor and then the admin at
// 1280×800: a /word-klusser application is found in /admin/klusser-aanmeldingen, gets a document,
// a note and an e-mail, is approved, and 'Maak Klusser Account' (generated password, region, VOG)
// makes a klusser who signs in at /auth. axe on every page and dialog.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, assertNoAxeViolations, newBrowser, open, waitForMails, signInConsole, searchList } from '../../shared-ui/e2e/support.mjs';
import { DB_CHECK_SKIP, expectRow, uniqueEmail } from '../../shared-ui/e2e/public-support.mjs';

const browsers = [];
let admin;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

before(async () => {
  const b = await newBrowser({ viewport: { width: 1280, height: 800 } });
  browsers.push(b);
  admin = await signInConsole(b.context);
});

after(async () => {
  for (const b of browsers) await b.close();
});

async function toast(text) {
  await admin.getByText(text, { exact: true }).first().waitFor({ timeout: 10000 });
}

test('from a /word-klusser application to a klusser who signs in', { skip: DB_CHECK_SKIP }, async () => {
  const email = uniqueEmail('sollicitant');
  const naam = `Truus Pijplijn ${Date.now() % 100000}`;

  // The visitor applies.
  const visitor = await newBrowser();
  browsers.push(visitor);
  const { page: form } = await open(visitor.context, '/word-klusser');
  await form.getByLabel(/^Naam/).fill(naam);
  await form.getByLabel(/^Leeftijd/).fill('68');
  await form.getByLabel(/^Woonplaats/).fill('Rijswijk');
  await form.getByLabel(/^Telefoonnummer/).fill('06 98 76 54 32');
  await form.getByLabel(/^E-mailadres/).fill(email);
  await form.getByLabel(/^Waarom wilt u klusser worden\?/).fill('Ik ben handig en help graag.');
  await form.getByLabel('Maandag').check();
  await form.getByRole('button', { name: 'Aanmelding versturen' }).click();
  await form.getByText('Uw aanmelding is ontvangen!', { exact: false }).waitFor();

  // The admin finds it by search and opens it.
  await admin.goto(`${BASE_URL}/admin/klusser-aanmeldingen`);
  await admin.getByRole('heading', { level: 1, name: /Aanmeldingen/ }).waitFor();
  await searchList(admin, /^Zoeken/, naam);
  await admin.getByRole('link', { name: `Bekijken: aanmelding van ${naam}` }).click();
  await admin.getByRole('heading', { level: 1, name: naam }).waitFor();
  await assertNoAxeViolations(admin);

  // A document, checked by content, and a note and an e-mail in the timeline.
  await admin.getByRole('tab', { name: 'Documenten' }).click();
  await admin.getByLabel('Bestand', { exact: true }).setInputFiles({ name: 'id-bewijs.pdf', mimeType: 'application/pdf', buffer: PDF });
  await admin.getByRole('button', { name: 'Uploaden' }).click();
  await toast('Document geüpload');
  await admin.getByRole('button', { name: 'Download id-bewijs.pdf' }).or(admin.getByRole('link', { name: 'Download id-bewijs.pdf' })).first().waitFor();
  await assertNoAxeViolations(admin);

  await admin.getByRole('tab', { name: 'Communicatie' }).click();
  await admin.getByLabel('Notitie', { exact: true }).fill('Sterke motivatie, bellen voor VOG.');
  await admin.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await toast('Notitie toegevoegd');
  await admin.getByLabel('Onderwerp', { exact: true }).fill('Uw aanmelding bij Klusmaat');
  await admin.getByLabel('Inhoud', { exact: true }).fill('Beste Truus,\n\nWe nemen uw aanmelding in behandeling.');
  await admin.getByRole('button', { name: /^E-mail versturen/ }).click();
  await toast('Email verzonden');
  const [mail] = await waitForMails(email, 1, 20000);
  assert.equal(mail.subject, 'Uw aanmelding bij Klusmaat');
  await assertNoAxeViolations(admin);

  // Approved; the account with a generated password, a region and a VOG.
  await admin.getByRole('tab', { name: 'Beoordeling' }).click();
  await admin.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Goedgekeurd' }).click();
  await admin.getByLabel('Interne notities').fill('VOG gezien.');
  await admin.getByRole('button', { name: 'Opslaan' }).click();
  await toast('Status bijgewerkt');
  await admin.getByRole('button', { name: 'Maak Klusser Account' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Maak Klusser Account' });
  const password = await dialog.getByLabel('Wachtwoord').inputValue();
  assert.match(password, /^[A-HJ-NP-Za-km-z2-9!@#$%]{12}$/, 'a 12-character password without look-alikes');
  assert.match(password, /[!@#$%]/);
  await dialog.getByRole('checkbox', { name: 'Den Haag' }).check();
  await dialog.getByLabel('VOG document').setInputFiles({ name: 'vog.pdf', mimeType: 'application/pdf', buffer: PDF });
  await assertNoAxeViolations(admin);
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await toast('Klusser account succesvol aangemaakt!');
  await admin.getByText('Account aangemaakt').waitFor();
  assert.deepEqual(
    expectRow(`SELECT r.role, p.naam, p.woonplaats, p.heeft_vog::text, array_to_string(p.regio, ',') FROM profiles p JOIN user_roles r ON r.user_id = p.id WHERE p.email = '${email}'`),
    ['klusser', naam, 'Rijswijk', 'true', 'den-haag'],
  );

  // The new klusser signs in at /auth with that password.
  const klusser = await newBrowser({ viewport: { width: 390, height: 844 } });
  browsers.push(klusser);
  const { page } = await open(klusser.context, '/auth');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/klusser/dashboard');
  await page.getByRole('heading', { level: 1, name: `Welkom, ${naam}` }).waitFor();
});
