import { expect, login, mailedLink, test, uniqueAccount } from '../fixtures.ts';

test('an Administrator creates a reseller, sees its key once, rotates it and sees the new prefix in the list', async ({
  page,
  request,
}) => {
  const { username, email } = uniqueAccount('resl');
  await login(page, 'admin');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Resell user' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/reselleracc');
  await page.getByRole('link', { name: 'New reseller' }).click();

  const form = page.getByRole('form', { name: 'New reseller' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Residential ($/GB)').fill('2.50');
  await form.getByLabel('30 days ($/IP)').fill('2');
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByRole('button', { name: 'Create reseller' }).click();

  await expect(page.getByText('Copy this key now, it will not be shown again.')).toBeVisible();
  const firstKey = (await page.getByTestId('api-key').textContent())!.trim();
  expect(firstKey).toMatch(/^tg_live_[\w-]{43}$/);
  // The owner chooses a password through a mailed link; the key is not in the mail.
  expect(await mailedLink(request, email, '/change-password/')).toContain('/change-password/');

  await page.getByRole('link', { name: 'Back to resellers' }).click();
  await page.getByLabel(/Search/).fill(username);
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText(`${firstKey.slice(0, 14)}…`);
  await expect(row).toContainText('Residential $2.50/GB');
  await expect(page.getByText(firstKey)).toHaveCount(0);

  await row.getByRole('link', { name: username }).click();
  await expect(page).toHaveURL((url) => url.pathname.endsWith('/edit'));
  await expect(page.getByRole('button', { name: 'Rotate key' })).toBeVisible();
  await expect(page.getByTestId('key-prefix')).toHaveText(`${firstKey.slice(0, 14)}…`);
  await page.getByRole('button', { name: 'Rotate key' }).click();
  await page.getByRole('dialog', { name: 'Rotate the API key?' }).getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByTestId('api-key')).toBeVisible();
  const secondKey = (await page.getByTestId('api-key').textContent())!.trim();
  expect(secondKey).toMatch(/^tg_live_[\w-]{43}$/);
  expect(secondKey).not.toBe(firstKey);

  await page.goto('/admin/reselleracc');
  await page.getByLabel(/Search/).fill(username);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText(`${secondKey.slice(0, 14)}…`);
});

test('a Manager sees no reseller area and is sent away from its pages', async ({ page }) => {
  await login(page, 'manager');
  await expect(
    page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Resell user' }),
  ).toHaveCount(0);
  await page.goto('/admin/reselleracc');
  await expect(page).toHaveURL((url) => url.pathname === '/admin/accounts');
});
