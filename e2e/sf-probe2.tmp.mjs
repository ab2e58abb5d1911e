import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
await page.goto(process.env.BASE_URL + '/terms', { waitUntil: 'networkidle' });
console.log(await page.evaluate(() => { const row = document.querySelector('header > div'); const walk = (el, d) => [...el.children].map((c) => `${' '.repeat(d)}${c.tagName} x=${Math.round(c.getBoundingClientRect().left)} w=${Math.round(c.getBoundingClientRect().width)} ${c.className.baseVal ?? String(c.className).slice(0,50)}\n` + (d < 2 ? walk(c, d + 2) : '')).join(''); return walk(row, 0); }));
await browser.close();
