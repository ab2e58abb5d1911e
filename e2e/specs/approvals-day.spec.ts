import type { Page } from '@playwright/test';
import { expect, login, test } from '../fixtures.ts';

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** Opens the demo customer's staff account page from User Management; answers its id. */
async function openCustomer(page: Page) {
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill('customer@tollgate.local');
  await page
    .getByRole('link', { name: /^customer/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'customer', level: 1 })).toBeVisible();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

// Issue 32: a Manager's credit above its $500 bound waits for a second staff member, who finds it on
// the approvals screen, approves it with a note, and the customer's balance rises once by it. UI only.
test('the demo Manager’s large credit waits; the demo Administrator approves it on the screen and it applies once', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  // Above the Manager's $500 a day for one account, so it waits whatever ran before; unique cents find it.
  const dollars = 600 + (Date.now() % 90_000) / 100;
  const amount = dollars.toFixed(2);
  const reason = `Approvals day ${stamp}: refund of a yearly plan`;

  const userId =
    await test.step('the Manager credits the customer above its limit and is told it awaits approval', async () => {
      await login(page, 'manager');
      const id = await openCustomer(page);
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Change balance' }).click();
      await page.getByLabel('Amount (dollars)').fill(amount);
      await page.getByLabel('Reason').fill(reason);
      await page.getByRole('button', { name: 'Add to balance' }).click();
      await expect(page.getByText('Waiting for approval')).toBeVisible();
      await expect(page.getByText(/awaits approval/).first()).toBeVisible();
      return id;
    });

  // The Administrator in a browser of its own.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: extraHTTPHeaders ?? {} });
  const admin = await context.newPage();
  await login(admin, 'admin');

  const before =
    await test.step('the Administrator sees the request on the customer’s page, money unmoved', async () => {
      await admin.goto(`/admin/accounts/${userId}`);
      // The first staff page of a fresh browser loads the staff screens and the account: give it time.
      await expect(admin.getByRole('heading', { name: 'customer', level: 1 })).toBeVisible({ timeout: 45_000 });
      const panel = admin.getByRole('list', { name: 'Pending changes' });
      await expect(panel).toContainText(`+$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      await expect(panel).toContainText(reason);
      return cents(await admin.getByTestId('account-balance').textContent());
    });

  const shown = `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await test.step('the Administrator approves it with a note, reached from the bell', async () => {
    await admin.getByTestId('notification-bell').click();
    await admin
      .getByTestId('notification-item')
      .filter({ hasText: `manager asks to credit customer ${shown}` })
      .first()
      .click();
    await expect(admin).toHaveURL((url) => url.pathname === '/admin/change-requests');
    await expect(admin.getByRole('heading', { name: 'Change requests', level: 1 })).toBeVisible();
    const table = admin.getByRole('table', { name: 'Change requests' });
    const row = table.getByRole('row').filter({ hasText: reason });
    await expect(row).toContainText('manager');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /^Actions for Balance/ }).click();
    await admin.getByRole('menuitem', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve this change?' });
    await dialog.getByLabel(/Note/).fill('Invoice checked, e2e');
    await dialog.getByRole('button', { name: 'Approve change' }).click();
    await expect(admin.getByText('Change approved')).toBeVisible();
    await expect(row).toContainText('Approved');
    await expect(row).toContainText('admin: Invoice checked, e2e');
  });

  await test.step('the customer’s balance rose once, by exactly that amount', async () => {
    await admin.goto(`/admin/accounts/${userId}?tab=ledger`);
    await expect(admin.getByRole('list', { name: 'Pending changes' })).toHaveCount(0);
    const after = cents(await admin.getByTestId('account-balance').textContent());
    expect(after - before).toBe(Math.round(dollars * 100));
    await expect(admin.getByRole('table', { name: 'Ledger' }).getByText(reason)).toHaveCount(1);
  });

  await test.step('the Manager hears the outcome with the note', async () => {
    await page.reload();
    await page.getByTestId('notification-bell').click();
    await expect(
      page
        .getByTestId('notification-item')
        .filter({ hasText: `admin approved your request to credit customer ${shown}: Invoice checked, e2e` }),
    ).toHaveCount(1);
  });
  await context.close();
});
