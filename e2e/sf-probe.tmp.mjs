import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
await page.goto(process.env.BASE_URL + (process.env.P ?? '/terms'), { waitUntil: 'networkidle' });
console.log(await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 376).slice(0, 12).map((e) => `${e.tagName}.${String(e.className).slice(0, 80)} right=${Math.round(e.getBoundingClientRect().right)} w=${Math.round(e.getBoundingClientRect().width)} text=${(e.textContent||'').slice(0,30)}`).join('\n')));
await browser.close();
