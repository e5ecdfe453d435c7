// Screenshots for the review (not a test; deleted after use).
import { BASE_URL, DEMO_PASSWORD, newBrowser, open, signInConsole } from './support.mjs';
import { expectRow } from './public-support.mjs';
const OUT = '/tmp/look';
const shot = (p, name, full = true) => p.screenshot({ path: `${OUT}/${name}.png`, fullPage: full });
const settle = (p) => p.waitForLoadState('networkidle').catch(() => {});

const admin = await newBrowser({ viewport: { width: 1280, height: 800 } });
const a = await signInConsole(admin.context);
await settle(a); await shot(a, 'c-dashboard', false);
const [piet] = expectRow(`SELECT id FROM profiles WHERE email = 'piet.bakker@klusmaat.nl'`);
await a.goto(`${BASE_URL}/admin/klussers/${piet}`); await a.getByRole('heading', { level: 1 }).first().waitFor(); await settle(a);
await shot(a, 'c-klusser-profiel');
await a.goto(`${BASE_URL}/admin/klussers`); await settle(a);
await a.getByRole('button', { name: /Nieuwe Klusser/ }).click(); await a.getByRole('dialog').waitFor();
await shot(a, 'c-nieuwe-klusser', false);
await a.keyboard.press('Escape');
await a.goto(`${BASE_URL}/admin/klanten`); await settle(a);
await a.getByRole('row').nth(1).click(); await settle(a); await a.waitForTimeout(800);
await shot(a, 'c-klantkaart');
await a.goto(`${BASE_URL}/admin/klusser-aanmeldingen`); await settle(a);
await a.getByRole('row').nth(1).click(); await settle(a); await a.waitForTimeout(800);
await shot(a, 'c-aanmelding');
for (const tab of ['Communicatie', 'Beoordeling']) {
  const t = a.getByRole('tab', { name: tab });
  if (await t.count()) { await t.click(); await a.waitForTimeout(500); await shot(a, `c-aanmelding-${tab.toLowerCase()}`); }
}
await a.goto(`${BASE_URL}/admin/franchise-eigenaren`); await settle(a);
await shot(a, 'c-franchise-eigenaren', false);
const nieuw = a.getByRole('button', { name: /Nieuwe franchise|Nieuwe eigenaar|Toevoegen/i }).first();
if (await nieuw.count()) { await nieuw.click(); await a.waitForTimeout(500); await shot(a, 'c-nieuwe-eigenaar', false); await a.keyboard.press('Escape'); }
await a.goto(`${BASE_URL}/admin/klussen`); await settle(a);
await a.getByRole('row').nth(1).click(); await a.getByRole('dialog').waitFor(); await a.waitForTimeout(800);
await shot(a, 'c-klusdialoog', false);
const contact = a.getByRole('button', { name: /Contact vastleggen/ });
if (await contact.count()) { await contact.first().click(); await a.waitForTimeout(500); await shot(a, 'c-contact-vastleggen', false); }
await a.goto(`${BASE_URL}/admin/planning`); await settle(a); await shot(a, 'c-planning');
await a.goto(`${BASE_URL}/admin/rapportages`); await settle(a); await a.waitForTimeout(1500); await shot(a, 'c-rapportages');
await admin.browser.close();

const fr = await newBrowser({ viewport: { width: 1280, height: 800 } });
const f = await signInConsole(fr.context, 'franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
await settle(f);
await f.goto(`${BASE_URL}/admin/dashboard`); await settle(f); await f.waitForTimeout(800); await shot(f, 'f-admin-dashboard', false);
await f.goto(`${BASE_URL}/admin/klanten`); await settle(f); await f.waitForTimeout(800); await shot(f, 'f-admin-klanten', false);
await fr.browser.close();

const frp = await newBrowser({ viewport: { width: 390, height: 844 } });
const fp = await signInConsole(frp.context, 'franchise.denhaag@klusmaat.nl', '/franchise/dashboard');
await fp.goto(`${BASE_URL}/franchise/klussen`); await settle(fp); await fp.waitForTimeout(800); await shot(fp, 'f-phone-klussen');
await frp.browser.close();

const k = await newBrowser({ viewport: { width: 390, height: 844 } });
const { page: kp } = await open(k.context, '/auth');
await kp.getByLabel('E-mailadres').fill('piet.bakker@klusmaat.nl');
await kp.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
await kp.getByRole('button', { name: 'Inloggen', exact: true }).click();
await kp.waitForURL((url) => url.pathname === '/klusser/dashboard'); await settle(kp);
await shot(kp, 'k-dashboard');
for (const p of ['agenda', 'beschikbare-klussen']) { await kp.goto(`${BASE_URL}/klusser/${p}`); await settle(kp); await shot(kp, `k-${p}`); }
await k.browser.close();

const pub = await newBrowser({ viewport: { width: 390, height: 844 } });
const { page: pp } = await open(pub.context, '/aanvraag');
await shot(pp, 'p-aanvraag-stap1');
await pub.browser.close();
console.log('done');
