import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, expect, login, mailedLink, readStorage, test, uniqueAccount } from '../fixtures.ts';

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).payload.accessToken;
}

/** A bandwidth plan of its own: $5/GB from 1 GB, $4/GB from 10 GB, 30 days, 1–90 days on sale. */
async function createPlan(request: APIRequestContext) {
  const title = `Storefront GB ${suffix()}`;
  const response = await request.post('/api/v1/admin/plans', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      title,
      type: 'residential',
      price: 0,
      bandwidthPrices: '[{"value":1,"price":5},{"value":10,"price":4}]',
      minRenewDays: 1,
      maxRenewDays: 90,
      duration: 30,
      bandwidth: 0,
      throughput: 0,
      threads: 0,
      serverGeoOptions: 'US,DE',
    },
  });
  expect(response.ok()).toBe(true);
  return { id: (await response.json()).payload.id as string, title };
}

test('a visitor finds pricing from the home page and prices GB with the server before signing in', async ({
  page,
  request,
}) => {
  const plan = await createPlan(request);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toHaveAttribute('href', '/register');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('see it before you sign up');

  // Every plan type on sale has its filter, and the plan shows each tier and its length rule.
  const catalogue = (await (await request.get('/api/v1/catalogue/plans')).json()).payload.plans as { type: string }[];
  const filters = page.getByRole('group', { name: 'Proxy type' });
  for (const label of new Set(
    catalogue.map(
      (p) =>
        ({ residential: 'Residential', mobile: 'Mobile', isp: 'ISP', datacenter: 'Datacenter', ipv6: 'IPv6' })[p.type]!,
    ),
  )) {
    await expect(filters.getByRole('button', { name: label, exact: true })).toBeVisible();
  }
  const card = page.getByRole('article', { name: plan.title });
  await expect(card.getByRole('row', { name: '1–9 GB $5.00 / GB' })).toBeVisible();
  await expect(card.getByRole('row', { name: '10+ GB $4.00 / GB' })).toBeVisible();
  await expect(card).toContainText('any length from 1 day to 90 days costs its share');

  // The first plan is in the calculator already; any other is chosen with its button.
  await card.getByRole('button', { name: new RegExp(`^(Price ${plan.title}|In the calculator)$`) }).click();
  const calculator = page.getByRole('region', { name: 'Price calculator' });
  await expect(calculator).toContainText(plan.title);
  await calculator.getByLabel('Bandwidth (GB)').fill('12');
  const quoted = (await (await request.get(`/api/v1/catalogue/plans/${plan.id}/12`)).json()).payload;
  expect(quoted).toMatchObject({ unitPrice: 4, total: 48 });
  await expect(calculator.getByTestId('quote-total')).toHaveText('$48.00');
  await calculator.getByLabel('Length (days)').fill('45');
  await expect(calculator.getByTestId('quote-total')).toHaveText('$72.00');
  await calculator.getByLabel('Length (days)').fill('400');
  await expect(calculator.getByRole('alert')).toHaveText('Choose between 1 and 90 days');
  expect(await readStorage(page, 'accessToken')).toBeNull();
});

test('choosing a plan signed out goes through sign-up, the mailed link and sign-in back to that plan', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const plan = await createPlan(request);
  const account = uniqueAccount('storefront');
  const target = `/purchase-plan/${plan.id}/12`;

  await page.goto('/pricing');
  await page
    .getByRole('article', { name: plan.title })
    .getByRole('button', { name: new RegExp(`^(Price ${plan.title}|In the calculator)$`) })
    .click();
  const calculator = page.getByRole('region', { name: 'Price calculator' });
  await calculator.getByLabel('Bandwidth (GB)').fill('12');
  await expect(calculator.getByTestId('quote-total')).toHaveText('$48.00');
  await calculator.getByRole('link', { name: 'Sign up to buy' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('next') === target);

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Accept the Terms of Service and Acceptable Use Policy to create an account'),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email' && url.searchParams.get('next') === target);

  const link = await mailedLink(request, account.email, '/verify-email/process/');
  expect(new URL(link, 'http://x').searchParams.get('next')).toBe(target);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to continue' }).click();
  await page.getByLabel('Email or username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL((url) => url.pathname === target);
  await expect(page.getByRole('heading', { name: `Buy ${plan.title}` })).toBeVisible();
  await expect(page.getByLabel('Bandwidth (GB)')).toHaveValue('12');
});

test('a sign-in link cannot send anyone to another site', async ({ page }) => {
  await page.goto('/register?next=%2F%2Fevil.example%2Fx');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});

test('the Administrator rewrites the Acceptable Use Policy and the public page shows it, as text', async ({ page }) => {
  const marker = `No crawling of ${suffix()} without permission.`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Acceptable Use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acceptable Use Policy' })).toBeVisible();

  await login(page, 'admin');
  await page.getByRole('link', { name: 'Legal texts' }).click();
  const field = page.getByLabel('Acceptable Use Policy text');
  await field.fill(`## House rules\n\n- ${marker}\n- <b>not bold</b>`);
  await page.getByRole('button', { name: 'Save Acceptable Use Policy' }).click();
  await expect(page.getByText(/Acceptable Use Policy saved as version \d+/)).toBeVisible();

  await page.goto('/acceptable-use');
  await expect(page.getByRole('heading', { level: 2, name: 'House rules' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: marker })).toBeVisible();
  await expect(page.getByText('<b>not bold</b>')).toBeVisible();
  await expect(page.locator('article b')).toHaveCount(0);
});

test('the public pages fit a 375 px phone: no sideways scrolling, the menu button in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/', '/pricing', '/terms', '/faqs']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(375);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#public-mobile-nav').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Signed in, the header says "Go to dashboard", the widest label it has.
  await login(page, 'customer');
  for (const path of ['/', '/pricing']) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to dashboard' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} signed in`).toBe(375);
  }
});
