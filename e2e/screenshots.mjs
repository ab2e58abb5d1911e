// Screenshots of the main screens in light and dark, at 375 px and 1440 px, for visual review.
// Usage: BASE_URL=http://127.0.0.1:3300 node e2e/screenshots.mjs  (server started separately)
// SHOTS=plans,topup limits the run to those names. The money screens need data: prepareShop() adds
// demo plans, a promotion and one paid purchase through the API when the shop is still empty.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
import { pagesFor, prepareShop, seedBrowser, signInOnce, showPage } from './pages.mjs';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3300';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
mkdirSync(out, { recursive: true });

const signIn = signInOnce(baseURL);

const request = await playwrightRequest.newContext({ baseURL });
const shop = await prepareShop(request, (account) => signIn(request, account));
await request.dispose();

const allShots = pagesFor(shop);
const only = process.env.SHOTS?.split(',').filter(Boolean);
const shots = only ? allShots.filter((shot) => only.includes(shot.name)) : allShots;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const files = [];
try {
  for (const theme of ['light', 'dark']) {
    for (const width of [375, 1440]) {
      for (const shot of shots) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: width < 800 ? 812 : 900 } });
        const session = shot.account ? await signIn(context.request, shot.account) : null;
        await seedBrowser(context, { theme, session, extra: shot.storage });
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        await showPage(page, shot);
        await page.waitForTimeout(300);
        const file = path.join(out, `${shot.name}-${theme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: !shot.viewportOnly });
        files.push(file);
        if (errors.length) console.warn(`${shot.name} ${theme} ${width}: ${errors.join(' | ')}`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
console.log(files.map((file) => path.relative(process.cwd(), file)).join('\n'));
