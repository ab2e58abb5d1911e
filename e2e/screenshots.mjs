// Screenshots of the main screens in light and dark, at 375 px and 1440 px, for visual review.
// Usage: BASE_URL=http://127.0.0.1:3300 node e2e/screenshots.mjs  (server started separately)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ACCOUNTS, CHROMIUM_ARGS, CHROMIUM_PATH } from './accounts.mjs';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3300';
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
mkdirSync(out, { recursive: true });

// A well-formed link token that the server does not know: the pages show their form or their error.
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';

const shots = [
  { name: 'home', path: '/' },
  { name: '404', path: '/this-page-does-not-exist' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register?ref=FRIEND10', waitFor: 'Create your account' },
  { name: 'verify-email', path: '/verify-email?email=new.customer%40example.com', waitFor: 'Check your inbox' },
  { name: 'verify-email-process-error', path: `/verify-email/process/${TOKEN}`, waitFor: 'could not verify' },
  { name: 'forgot-password', path: '/forgot-password', waitFor: 'Forgot your password?' },
  {
    name: 'forgot-password-sent',
    path: '/forgot-password-link-sent-successfully',
    waitFor: 'Check your email',
  },
  { name: 'change-password', path: `/change-password/${TOKEN}`, waitFor: 'Choose a new password' },
  { name: 'password-changed', path: '/password-changed-successfully', waitFor: 'Password changed' },
  { name: 'two-step-verification', path: `/2-step-verification/${TOKEN}`, waitFor: 'Two-step verification' },
  {
    name: 'verify-account-conversion-error',
    path: `/verify-account-conversion/${TOKEN}`,
    waitFor: 'could not link Google',
  },
  {
    name: 'email-subscription-cancel-error',
    path: '/email-subscription/cancel?token=not-a-real-unsubscribe-token',
    waitFor: 'could not unsubscribe',
  },
  { name: 'my-profile', path: '/my-profile', account: 'customer', waitFor: 'This device' },
  { name: 'dashboard', path: '/dashboard', account: 'customer', waitFor: 'Announcements' },
  { name: 'api-docs', path: '/api-docs', account: 'customer', waitFor: 'API documentation' },
  { name: 'admin-statistics', path: '/admin/dashboard', account: 'admin', waitFor: 'Sign-ups per day' },
  { name: 'admin-accounts', path: '/admin/accounts', account: 'admin', waitFor: 'Showing' },
  { name: 'support-trialpage', path: '/support/trialpage', account: 'support', waitFor: 'Showing' },
];

const sessions = new Map();
// Sign-in is rate limited, so each account signs in once and the session is reused.
async function signIn(request, account) {
  if (sessions.has(account)) return sessions.get(account);
  const response = await request.post(`${baseURL}/api/v1/auth/login`, {
    data: { login: ACCOUNTS[account].username, password: ACCOUNTS[account].password },
  });
  if (!response.ok()) throw new Error(`Sign-in as ${account} failed: ${response.status()} ${await response.text()}`);
  const session = (await response.json()).payload;
  sessions.set(account, session);
  return session;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const files = [];
try {
  for (const theme of ['light', 'dark']) {
    for (const width of [375, 1440]) {
      for (const shot of shots) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: width < 800 ? 812 : 900 } });
        const session = shot.account ? await signIn(context.request, shot.account) : null;
        await context.addInitScript(
          ([themeValue, sessionValue]) => {
            if (sessionStorage.getItem('seeded')) return;
            sessionStorage.setItem('seeded', '1');
            localStorage.setItem('theme', themeValue);
            if (sessionValue) {
              localStorage.setItem('accessToken', sessionValue.accessToken);
              localStorage.setItem('user', JSON.stringify(sessionValue.user));
            }
          },
          [theme, session],
        );
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        await page.goto(shot.path, { waitUntil: 'networkidle' });
        if (shot.waitFor) await page.getByText(shot.waitFor).first().waitFor();
        await page.waitForTimeout(300);
        const file = path.join(out, `${shot.name}-${theme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
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
