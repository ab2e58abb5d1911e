import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS } from './accounts.mjs';

export { expect };

let clients = 0;
/**
 * Each test is a client of its own. The shop under test trusts the runner as its reverse proxy
 * (TRUST_PROXY in playwright.config.ts), so per-address limits such as five sign-ups a minute count
 * every test apart, as they count real visitors, instead of the whole suite as one address.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    clients += 1;
    await use({ 'x-forwarded-for': `2001:db8::${(testInfo.workerIndex + 1).toString(16)}:${clients.toString(16)}` });
  },
});
export type AccountName = keyof typeof ACCOUNTS;
export { ACCOUNTS };

/** Signs in through the real form, by username, and waits for the customer dashboard. */
/** Where a sign-in without `next` lands: staff in their panel (a Manager's admin home is User Management). */
const LANDING: Record<string, string> = {
  Administrator: '/admin/dashboard',
  Manager: '/admin/accounts',
  Support: '/support/trialpage',
  User: '/dashboard',
};

export async function login(
  page: Page,
  account: AccountName,
  { expectPath = LANDING[ACCOUNTS[account].role] ?? '/dashboard' } = {},
) {
  const { username, password } = ACCOUNTS[account];
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email or username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === expectPath);
}

/** Signs in through the form with any login, without waiting for where it lands. */
export async function signIn(page: Page, loginName: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(loginName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits until React has taken over a prerendered page. Its HTML shows working-looking buttons before
 * the scripts run, and a click then is lost; from hydrateRoot on, React replays a click made while it
 * hydrates. hydrateRoot marks the container first thing, so the mark is the moment clicks count.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

export const readStorage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

export async function sidebarWidth(page: Page): Promise<number> {
  const box = await page.getByTestId('sidebar').boundingBox();
  return Math.round(box?.width ?? 0);
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/**
 * The newest mail to `to` with a link containing `linkPart`, from the dev mailbox (newest first),
 * as a same-origin path so it opens on the server under test whatever host the mail names.
 */
export async function mailedLink(request: APIRequestContext, to: string, linkPart: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        const mail = mails.find((item) => item.to === to && item.links.some((link) => link.includes(linkPart)));
        found = mail?.links.find((link) => link.includes(linkPart));
        return found;
      },
      { message: `a mail to ${to} with a ${linkPart} link` },
    )
    .toBeTruthy();
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** A fresh account's names: unique per run and per call, valid for the contract's rules. */
export function uniqueAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // acceptTerms: sign-up through the API accepts the legal texts as the form's checkbox does.
  return {
    username: `${prefix}_${id}`,
    email: `${prefix}-${id}@example.com`,
    password: `Pw-${id}-2026!`,
    acceptTerms: true as const,
  };
}

/** A customer of the test's own: signed up through the API, verified through the mailed link, signed in in `page`. */
export async function verifiedCustomer(page: Page, request: APIRequestContext, prefix: string) {
  const account = uniqueAccount(prefix);
  expect((await request.post('/api/v1/auth/register', { data: account })).ok()).toBe(true);
  await page.goto(await mailedLink(request, account.email, '/verify-email/process/'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  const me = JSON.parse((await readStorage(page, 'user'))!) as { id: string };
  return { ...account, id: me.id };
}

/**
 * A verified customer of the test's own (verifiedCustomer), given `dollars` by the demo Administrator. Specs that buy from a balance use one, so
 * parallel specs never move a balance another one is watching.
 */
export async function fundedCustomer(page: Page, request: APIRequestContext, prefix: string, dollars: number) {
  const account = await verifiedCustomer(page, request, prefix);
  const staff = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  const funded = await request.patch(`/api/v1/admin/accounts/${account.id}/balance`, {
    headers: { authorization: `Bearer ${(await staff.json()).payload.accessToken}` },
    data: { balanceToAddOrSub: dollars, reason: `e2e ${prefix}` },
  });
  expect(funded.ok()).toBe(true);
  await page.reload();
  return account;
}

/** Buys the demo catalogue's Residential Rotating (1 GB, United States) from the balance; answers its id. */
export async function buyResidential(page: Page, options: { gb?: number } = {}) {
  await page.goto('/plans');
  await page.getByRole('link', { name: 'Buy Residential Rotating', exact: true }).click();
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  if (options.gb) {
    await page.getByLabel('Bandwidth (GB)').fill(String(options.gb));
    // The summary re-prices the new amount and grows by a line: a click during that lands beside the button.
    await expect(page).toHaveURL(new RegExp(`/${options.gb}$`));
    await expect(page.getByRole('list', { name: 'Charges' })).toContainText(`${options.gb.toLocaleString('en-US')} GB`);
  }
  await page.getByRole('radio', { name: /Balance/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment-success\/[0-9a-f-]+$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** Fills and sends the customer's New ticket form (from the ticket list the page shows) and returns the ticket's path. */
export async function openTicket(page: Page, subject: string, message: string): Promise<string> {
  await page.getByRole('button', { name: 'New ticket' }).click();
  const form = page.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Category').selectOption({ label: 'Proxies not working' });
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page).toHaveURL(/\/ticket\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}
