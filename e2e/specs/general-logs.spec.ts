import { ACCOUNTS, expect, login, test, uniqueAccount } from '../fixtures.ts';

test('an administrator changes a balance, then finds it in the general logs by action and account and reads its before and after', async ({
  page,
  request,
  extraHTTPHeaders,
}) => {
  // A customer of the test's own, found by the staff list as the admin panel would.
  const customer = uniqueAccount('logs');
  expect((await request.post('/api/v1/auth/register', { data: customer })).ok()).toBe(true);
  const staff = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  const token = (await staff.json()).payload.accessToken as string;
  const found = await request.get(`/api/v1/admin/accounts?search=${customer.username}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const userId = (await found.json()).payload.items[0].id as string;

  await login(page, 'admin');
  await test.step('add $7.25 to the balance with a reason', async () => {
    await page.goto(`/admin/accounts/${userId}/balance`);
    await page.getByLabel('Amount (dollars)').fill('7.25');
    await page.getByLabel('Reason').fill('Refund for downtime, e2e');
    await page.getByRole('button', { name: 'Add to balance' }).click();
    await expect(page.getByText('Balance updated')).toBeVisible();
  });

  await test.step('the general logs show it, filtered by action and account', async () => {
    await page.getByRole('link', { name: 'General Site Logs' }).click();
    await expect(page.getByRole('heading', { name: 'General site logs', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Keep security events for (days)')).toHaveValue(/\d+/);
    await page.getByLabel('Filter by action').selectOption({ label: 'Balance adjusted' });
    await page.getByLabel('Account concerned').fill(customer.username);
    await expect(page).toHaveURL(/action=account\.balance\.adjust/);
    await expect(page).toHaveURL(new RegExp(`target=${customer.username}`));
    const table = page.getByRole('table', { name: 'General site logs' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(`${customer.username}: +$7.25 ($0.00 → $7.25)`);
    await expect(table.getByRole('link', { name: ACCOUNTS.admin.username })).toBeVisible();
  });

  await test.step('opening the row shows the change field by field, the reason and the IP', async () => {
    await page.getByRole('button', { name: 'Show details of Balance adjusted' }).click();
    const details = page.getByRole('table', { name: 'General site logs' }).getByTestId('log-details');
    const balance = details.getByRole('row', { name: /Balance/ });
    await expect(balance).toHaveAttribute('data-change', 'changed');
    await expect(balance.getByRole('cell').nth(0)).toHaveText('$0.00');
    await expect(balance.getByRole('cell').nth(1)).toHaveText('$7.25');
    await expect(details).toContainText('Refund for downtime, e2e');
    const ip = extraHTTPHeaders?.['x-forwarded-for'] ?? '';
    await expect(details).toContainText(ip);
  });
});

test('a manager has no general logs link, and the page says so when typed', async ({ page }) => {
  await login(page, 'manager');
  await expect(page.getByRole('link', { name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'General Site Logs' })).toHaveCount(0);
  await page.goto('/admin/general-logs');
  await expect(page.getByText('General site logs are for Administrators')).toBeVisible();
  await expect(page.getByRole('table', { name: 'General site logs' })).toHaveCount(0);
});
