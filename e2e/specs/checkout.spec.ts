import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, login, mailedLink, signIn, test, uniqueAccount } from '../fixtures.ts';

/** Unique per run, so reruns against a kept database never collide. */
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

const balanceOf = async (page: Page) =>
  Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/[^0-9.]/g, ''));

async function apiToken(request: APIRequestContext, account: keyof typeof ACCOUNTS): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS[account].username, password: ACCOUNTS[account].password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).payload.accessToken;
}

test('a customer deposits by card, buys a new plan with balance and a coupon, and gets a printable bill', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const id = suffix();
  const planTitle = `E2E Residential ${id}`;
  const couponCode = `E2E10${id}`;

  // 0. A fresh customer signs up and verifies the email (purchases need a verified address).
  const customer = uniqueAccount('buyer');
  await page.goto('/register');
  await page.getByLabel('Username').fill(customer.username);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password').fill(customer.password);
  await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/verify-email');
  await page.goto(await mailedLink(page.request, customer.email, '/verify-email/process/'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await signIn(page, customer.username, customer.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');

  // 1. Deposit $50 by card through the sandbox checkout.
  const before = await balanceOf(page);
  await page.getByRole('link', { name: /deposit balance/i }).click();
  await expect(page.getByRole('heading', { name: 'Deposit Balance', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '$50' }).click();
  await page.getByRole('radio', { name: /Card/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/topup' && url.searchParams.has('payment'));
  await expect(page.getByText('Deposit of $50.00 received')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(`$${(before + 50).toFixed(2)}`);

  // 2. An administrator creates the plan and a coupon for its type.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'admin');
  await admin.goto('/admin/plans/new');
  await admin.getByLabel('Title', { exact: true }).fill(planTitle);
  await admin.getByLabel('Type', { exact: true }).selectOption('residential');
  await admin.getByRole('button', { name: 'Add GB tier' }).click();
  await admin.getByLabel('From (GB), tier 1').fill('1');
  await admin.getByLabel('Price per GB ($), tier 1').fill('2');
  await admin.getByRole('button', { name: 'Add GB tier' }).click();
  await admin.getByLabel('From (GB), tier 2').fill('100');
  await admin.getByLabel('Price per GB ($), tier 2').fill('1.5');
  await expect(admin.getByLabel('Bandwidth prices as text')).toHaveValue(
    '[{"value":1,"price":2},{"value":100,"price":1.5}]',
  );
  await admin.getByLabel('Country choices').fill('US, DE, GB');
  await admin.getByRole('button', { name: 'Create plan' }).click();
  await expect(admin).toHaveURL((url) => url.pathname === '/admin/plans');
  await expect(admin.getByText('Plan created')).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search plans' }).fill(planTitle);
  await expect(admin.getByRole('cell', { name: planTitle, exact: true })).toBeVisible();

  await admin.goto('/admin/coupons/new');
  await admin.getByLabel('Code', { exact: true }).fill(couponCode);
  await admin.getByLabel('Discount (%)').fill('10');
  await admin.getByLabel('Valid for product').selectOption('residential');
  await admin.getByRole('button', { name: 'Create coupon' }).click();
  await expect(admin).toHaveURL((url) => url.pathname === '/admin/coupons');
  await expect(admin.getByRole('cell', { name: couponCode, exact: true })).toBeVisible();
  await adminContext.close();

  // 3. The customer buys 10 GB of it with balance and the coupon.
  await page.goto('/plans');
  await page.getByRole('link', { name: `Buy ${planTitle}` }).click();
  await expect(page).toHaveURL(/\/purchase-plan\/[0-9a-f-]+\/1$/);
  await page.getByLabel('Bandwidth (GB)').fill('10');
  await expect(page).toHaveURL(/\/purchase-plan\/[0-9a-f-]+\/10$/);
  const price = page.getByRole('definition').filter({ hasText: '$20.00' });
  await expect(price).toHaveCount(2);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await page.getByLabel('Coupon code (optional)').fill(couponCode);
  await page.getByRole('radio', { name: /Balance/ }).check();
  // The summary prices the coupon before anything is paid.
  await expect(page.getByLabel('Price')).toContainText(`Coupon ${couponCode}-$2.00Total$18.00`);
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment-success\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(`$${(before + 50 - 18).toFixed(2)}`);

  // 4. The invoice shows the discount; its number opens a printable document with a PDF.
  await page.goto('/invoices');
  const row = page.getByRole('row').filter({ hasText: planTitle });
  await expect(row).toContainText(`-$2.00 (${couponCode})`);
  await expect(row).toContainText('$18.00');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]+$/);
  const bill = page.getByTestId('bill-document');
  await expect(bill.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(bill).toContainText(planTitle);
  await expect(bill.getByTestId('bill-total')).toHaveText('$18.00');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(bill).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
});

test('the purchase form asks for a country before paying', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/v1/admin/plans', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `E2E ISP ${suffix()}`,
      type: 'isp',
      price: 9.5,
      minRenewDays: 30,
      maxRenewDays: 30,
      duration: 30,
      bandwidth: 0,
      throughput: 0,
      threads: 5,
    },
  });
  expect(created.ok()).toBe(true);
  const plan = (await created.json()).payload;

  await login(page, 'manager');
  await page.goto(`/purchase-plan/${plan.id}/1`);
  await expect(page.getByRole('heading', { name: `Buy ${plan.title}` })).toBeVisible();
  await expect(page.getByText('A fixed package: $9.50 for 1 Month.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page.getByText('Please select a country.')).toBeVisible();
  await expect(page).toHaveURL(`/purchase-plan/${plan.id}/1`);

  // The server says the same thing in its words, which the form never shows as such.
  const managerToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  const refused = await request.post(`/api/v1/public/plans/${plan.id}/purchase`, {
    headers: { authorization: `Bearer ${managerToken}` },
    data: { value: 1, paymentMethod: 'balance' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toContain('Country not selected');
});
