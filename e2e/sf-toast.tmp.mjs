import { chromium } from '@playwright/test';
import { ACCOUNTS, CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
const baseURL = process.env.BASE_URL;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
for (const width of [375, 1440]) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 700 } });
  const r = await context.request.post('/api/v1/auth/login', { data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password } });
  const s = (await r.json()).payload;
  await context.addInitScript((s) => { localStorage.setItem('accessToken', s.accessToken); localStorage.setItem('user', JSON.stringify(s.user)); localStorage.setItem('theme', 'dark'); }, s);
  const page = await context.newPage();
  await page.goto('/admin/legal', { waitUntil: 'networkidle' });
  await page.getByLabel('Acceptable Use Policy text').fill(`Be lawful. Edited at ${width} px for the toast screenshot.`);
  await page.getByRole('button', { name: 'Save Acceptable Use Policy' }).click();
  await page.getByText(/saved as version/).waitFor();
  await page.waitForTimeout(900);
  await page.screenshot({ path: `/tmp/storefront-shots/toast-${width}.png` });
  // The header's Log out must still take a click while the toast shows.
  const box = await page.getByRole('button', { name: 'Log out' }).boundingBox();
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'), [box.x + box.width / 2, box.y + box.height / 2]);
  console.log(width, 'element under Log out:', hit);
  await context.close();
}
await browser.close();
