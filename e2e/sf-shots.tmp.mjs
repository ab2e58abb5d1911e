import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { ACCOUNTS, CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';
const baseURL = process.env.BASE_URL;
const out = '/tmp/storefront-shots';
mkdirSync(out, { recursive: true });
let AxeBuilder = null;
try { AxeBuilder = (await import('@axe-core/playwright')).default; } catch {}
const shots = [
  { name: 'home', path: '/', waitFor: 'Proxies that stay fast' },
  { name: 'pricing', path: '/pricing', waitFor: 'Price calculator' },
  { name: 'register', path: '/register?next=%2Fpurchase-plan%2Fx%2F5', waitFor: 'Create your account' },
  { name: 'terms', path: '/terms', waitFor: 'Your account' },
  { name: 'acceptable-use', path: '/acceptable-use', waitFor: 'Not allowed' },
  { name: 'admin-legal', path: '/admin/legal', account: 'admin', waitFor: 'Save Terms of Service' },
];
const only = process.env.SHOTS?.split(',');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
let session = null;
for (const theme of ['light', 'dark']) for (const width of [375, 1440]) for (const shot of shots) {
  if (only && !only.includes(shot.name)) continue;
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 800 ? 812 : 900 } });
  if (shot.account && !session) {
    const r = await context.request.post('/api/v1/auth/login', { data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password } });
    session = (await r.json()).payload;
  }
  await context.addInitScript(([t, s]) => {
    if (sessionStorage.getItem('seeded')) return; sessionStorage.setItem('seeded', '1');
    localStorage.setItem('theme', t);
    if (s) { localStorage.setItem('accessToken', s.accessToken); localStorage.setItem('user', JSON.stringify(s.user)); }
  }, [theme, shot.account ? session : null]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(shot.path, { waitUntil: 'networkidle' });
  await page.getByText(shot.waitFor).first().waitFor();
  await page.waitForTimeout(400);
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  let axe = '';
  if (AxeBuilder) {
    const res = await new AxeBuilder({ page }).analyze();
    const bad = res.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    axe = bad.map((v) => `${v.id}(${v.nodes.length}): ${v.nodes.slice(0,2).map(n=>n.target.join(' ')).join(', ')}`).join('; ');
  }
  await page.screenshot({ path: `${out}/${shot.name}-${theme}-${width}.png`, fullPage: true });
  console.log(`${shot.name} ${theme} ${width} scrollWidth=${sw}${errors.length ? ' ERR ' + errors.join('|') : ''}${axe ? ' AXE ' + axe : ''}`);
  await context.close();
}
await browser.close();
