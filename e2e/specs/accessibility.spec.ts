import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, mailedLink, test, uniqueAccount } from '../fixtures.ts';
import { pagesFor, prepareShop, showPage, type Shop, type SignInPayload } from '../pages.mjs';

// Every page of the screenshot walk, light and dark, through axe. Serious and critical findings fail
// the run; moderate and minor ones are left to review. A new screen joins by joining e2e/pages.mjs.
const BLOCKING = new Set(['serious', 'critical']);
const THEMES = ['light', 'dark'] as const;
/** The rules whose findings depend on colours: all that can differ between light and dark. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

// axe reads every element's colours: the API docs page (300 calls) takes about a minute beside two
// other workers on the 2-core CI machine, so the limit is set well above it.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
// The desktop width of the screenshot walk (the 375 px layout is checked by the walk's pictures).
const VIEWPORT = { width: 1440, height: 900 };

async function signIn(request: APIRequestContext, login: string, password: string): Promise<SignInPayload> {
  const response = await request.post('/api/v1/auth/login', { data: { login, password } });
  expect(response.ok(), `sign-in as ${login}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { payload: SignInPayload }).payload;
}

// Per worker. The customer is the worker's own, so buying its demo plan never moves a balance that
// another spec is watching; staff use the demo accounts, each signed in once (sign-in is rate limited).
let shop: Shop;
const sessions = new Map<string, SignInPayload>();
/**
 * One tab per worker, navigated from page to page. A new browser context per page cost Chromium
 * 1.3-3 CPU-seconds to load the app again (scripts fetched and compiled anew); a navigation in the
 * same context costs about 0.5, from its HTTP and code caches. Each page still loads in full, with
 * the storage set for it alone (seedPage).
 */
let tab: { context: BrowserContext; page: Page } | undefined;

async function session(
  request: APIRequestContext,
  account: 'admin' | 'manager' | 'customer' | 'support' | 'member' | 'reseller',
) {
  if (!sessions.has(account)) {
    const { username, password } = ACCOUNTS[account];
    sessions.set(account, await signIn(request, username, password));
  }
  return sessions.get(account)!;
}

/** Sets the page's storage as a fresh tab would have it: the theme, the account's session, extras. */
async function seedPage(page: Page, storage: Record<string, string>) {
  // Any same-origin document gives the storage; this one is small and is not the app.
  await page.goto('/robots.txt');
  await page.evaluate((items) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, storage);
}

test.afterAll(async () => {
  await tab?.context.close();
  tab = undefined;
});

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const customer = uniqueAccount('a11y');
  const registered = await request.post('/api/v1/auth/register', {
    data: { username: customer.username, email: customer.email, password: customer.password, acceptTerms: true },
  });
  expect(registered.ok(), `register: ${registered.status()}`).toBe(true);
  const token = (await mailedLink(request, customer.email, '/verify-email/process/')).split('/').at(-1);
  expect((await request.post(`/api/v1/auth/verify-email/${token}`)).ok()).toBe(true);
  sessions.set('customer', await signIn(request, customer.username, customer.password));
  shop = await prepareShop(request, (account) => session(request, account));
});

// Names only: the ids of the worker's plan and bill are filled in when each test runs.
for (const { name } of pagesFor({
  ticketId: ':ticketId',
  planId: ':planId',
  billId: ':billId',
  invoiceId: ':invoiceId',
  resellerId: ':resellerId',
  memberSubUserId: ':memberSubUserId',
  resellerSubUserId: ':resellerSubUserId',
  customerId: ':customerId',
  blogPostId: ':blogPostId',
  blogPostSlug: ':blogPostSlug',
})) {
  // One visit per page: the whole rule set in light, then the device switches to dark (the app follows
  // it, as the `system` theme does) and the rules that read colours run again. Only colours change
  // between the themes, so the rest would find the same; this halved the walk's time.
  test(`${name} has no serious or critical axe violations, light or dark`, async ({
    browser,
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const listed = pagesFor(shop).find((item) => item.name === name)!;
    const signedIn = listed.account ? await session(request, listed.account) : null;
    tab ??= await (async () => {
      const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
      return { context, page: await context.newPage() };
    })();
    const { page } = tab;
    // This test's own client address (fixtures.ts), as a new context would have sent.
    await tab.context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
    await tab.context.clearCookies();
    await page.emulateMedia({ colorScheme: 'light' });
    await seedPage(page, {
      theme: 'system',
      ...(signedIn ? { accessToken: signedIn.accessToken, user: JSON.stringify(signedIn.user) } : {}),
      ...listed.storage,
    });
    await showPage(page, listed);
    // Colours are read as shown, never halfway through a transition to the other theme.
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // Legacy mode runs axe.run in the page itself; the default runs each frame's part and joins them
      // in a new blank page: 1.4-1.8 s a call against 0.2-0.6 s on an idle machine. A page with a frame
      // (the mail preview: a sandboxed srcdoc, so of another origin, which axe.run would not enter)
      // keeps the default, so its frame is checked as before.
      const framed = page.frames().length > 1;
      const axe = new AxeBuilder({ page }).setLegacyMode(!framed).options({ resultTypes: ['violations'] });
      if (theme === 'dark') axe.withRules(COLOUR_RULES);
      const { violations } = await axe.analyze();
      const blocking = violations
        .filter((violation) => BLOCKING.has(violation.impact ?? ''))
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        }));
      expect.soft(blocking, `${listed.path} (${theme})`).toEqual([]);
    }
  });
}
