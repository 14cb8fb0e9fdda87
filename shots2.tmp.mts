import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:8301';
const OUT = '/work/briefs/lead/shots';
const [path, label, ...ys] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
const phone = label.startsWith('phone');
const ctx = await browser.newContext({ viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 }, locale: 'fr-FR', ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}) });
const page = await ctx.newPage();
await page.goto(`${BASE}/client/login`);
await page.getByLabel('Mot de passe').fill('review-admin-password');
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.waitForURL(/history$/);
await page.goto(`${BASE}${path}`);
await page.waitForTimeout(2500);
for (const y of ys.length ? ys : ['0']) {
  await page.evaluate((y) => window.scrollTo(0, Number(y)), y);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/${label}-${y}.png` });
}
console.log(await page.evaluate(() => document.documentElement.scrollHeight));
await browser.close();
