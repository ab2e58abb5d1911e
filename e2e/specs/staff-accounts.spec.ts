import { expect, login, mailedLink, test, uniqueAccount } from '../fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

/** A customer of this test's own, signed up through the API (not yet verified). */
async function newCustomer(request: APIRequestContext, prefix: string) {
  const account = uniqueAccount(prefix);
  const response = await request.post('/api/v1/auth/register', { data: account });
  expect(response.ok()).toBe(true);
  return account;
}

test('an administrator finds a customer by email, edits payments and the card limit, adds balance and sees it audited', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(request, 'staffed');
  await login(page, 'admin');

  await test.step('find the customer by email and open the account', async () => {
    await page.goto('/admin/accounts');
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(customer.email);
    await page
      .getByRole('link', { name: new RegExp(customer.username) })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: customer.username, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Account status' })).toContainText('Unverified');
  });

  await test.step('edit: crypto off and a card limit of $321.50, with a reason', async () => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit account' }).click();
    const form = page.getByRole('form', { name: 'Edit account' });
    await form.getByRole('switch', { name: 'Crypto payments' }).click();
    await form.getByLabel('Card limit (dollars per 24 hours)').fill('321.50');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Say why the role, payment methods or card limit change')).toBeVisible();
    await form.getByLabel('Reason').fill('Chargeback risk, e2e');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Updated Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: customer.username, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Billing details' }).click();
    await expect(page.getByText('$321.50')).toBeVisible();
  });

  await test.step('add $12.34 with a reason and see the ledger row', async () => {
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Change balance' }).click();
    await expect(page.getByTestId('current-balance')).toHaveText('$0.00');
    await page.getByLabel('Amount (dollars)').fill('12.34');
    await expect(page.getByTestId('balance-preview')).toHaveText('$12.34');
    await page.getByLabel('Reason').fill('Goodwill credit e2e');
    await page.getByRole('button', { name: 'Add to balance' }).click();
    await expect(page.getByText('Balance updated')).toBeVisible();
    await expect(page.getByTestId('current-balance')).toHaveText('$12.34');
    await expect(page.getByRole('table', { name: 'Ledger' }).getByText('Goodwill credit e2e')).toBeVisible();
  });

  await test.step('the audit trail names both changes with their reasons', async () => {
    await page.getByRole('link', { name: `Back to ${customer.username}` }).click();
    await page.getByRole('link', { name: 'Audit trail' }).click();
    await expect(page).toHaveURL(/\?tab=audit$/);
    const audit = page.getByRole('table', { name: 'Audit trail' });
    await expect(audit.getByRole('row', { name: /Goodwill credit e2e/ })).toContainText('$12.34');
    await expect(audit.getByRole('row', { name: /Chargeback risk, e2e/ })).toContainText('321.5');
  });
});

test('support sends a reset link and verifies a customer, but cannot open a money screen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await newCustomer(request, 'helped');
  await login(page, 'support');

  await page.getByRole('searchbox', { name: 'Search customer accounts' }).fill(customer.email);
  await page
    .getByRole('link', { name: new RegExp(customer.username) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: customer.username, level: 1 })).toBeVisible();
  await expect(page.getByText('Balance')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send password reset link' }).click();
  await expect(page.getByText('Password reset link sent')).toBeVisible();
  expect(await mailedLink(request, customer.email, '/change-password/')).toMatch(/^\/change-password\//);

  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Account verified')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Account status' })).toContainText('Verified');
  await expect(page.getByRole('button', { name: 'Re-send verification' })).toBeVisible();

  const userId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.goto(`/admin/accounts/${userId}/balance`);
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByLabel('Amount (dollars)')).toHaveCount(0);
});
