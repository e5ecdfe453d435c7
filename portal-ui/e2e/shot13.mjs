// Ad-hoc screenshots for development (not a test).
import { newBrowser, open } from './support.mjs';
const { browser, context } = await newBrowser({ viewport: { width: 1280, height: 800 } });
const { page } = await open(context, '/admin/auth');
await page.getByLabel('E-mailadres').fill(process.env.WHO ?? 'admin@klusmaat.nl');
await page.getByLabel('Wachtwoord', { exact: true }).fill('Klusmaat-demo-2026');
await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
await page.waitForURL((u) => u.pathname.endsWith('/dashboard'), { timeout: 15000 });
for (const p of (process.env.PAGES ?? '/admin/dashboard').split(',')) {
  await page.goto(process.env.BASE_URL + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  const name = p.replace(/[^a-z0-9]+/gi, '_');
  await page.screenshot({ path: `/work/shots/13/${name}.png`, fullPage: true });
  if (process.env.CLICK) {
    await page.getByRole('button', { name: process.env.CLICK }).first().click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/work/shots/13/${name}_click.png`, fullPage: true });
  }
}
const errs = [];
page.on('console', (m) => m.type() === 'error' && errs.push(m.text()));
console.log('errors', errs);
await (browser ?? context).close();
