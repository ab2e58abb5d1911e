import { expect, login, test, uniqueAccount } from '../fixtures.ts';

test('staff find an account by email fragment and filters; the URL keeps the list for Back and a reload', async ({
  page,
  request,
}) => {
  const account = uniqueAccount('finder');
  expect((await request.post('/api/v1/auth/register', { data: account })).ok()).toBe(true);

  await login(page, 'manager');
  const search = page.getByPlaceholder('Search by username, email or id');
  const fragment = account.email.split('@')[0]!.toUpperCase();
  await search.fill(fragment);
  // The newest account is on the first page anyway: the URL is what shows the search has settled.
  await expect(page).toHaveURL(new RegExp(`search=${fragment}`));
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect(table.getByRole('link', { name: account.username })).toBeVisible();
  await page.getByLabel('Filter by email verification').selectOption('false');
  await page.getByLabel('Sort accounts').selectOption('spent_desc');
  await expect(page).toHaveURL(/verified=false/);
  await expect(page).toHaveURL(/sort=spent_desc/);
  await expect(table.getByRole('row').filter({ hasText: account.username })).toContainText('Unverified');

  await page.reload();
  await expect(search).toHaveValue(fragment);
  await expect(page.getByLabel('Sort accounts')).toHaveValue('spent_desc');
  await expect(table.getByRole('link', { name: account.username })).toBeVisible();

  await page.getByLabel('Filter by email verification').selectOption('true');
  await expect(page.getByText(/^No results for/)).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Filter by email verification')).toHaveValue('false');
  await expect(table.getByRole('link', { name: account.username })).toHaveAttribute(
    'href',
    /^\/admin\/accounts\/[0-9a-f-]{36}$/,
  );
});

test('support sees customers, with no money and no staff accounts', async ({ page }) => {
  await login(page, 'support');
  // The demo accounts share the domain: other specs' sign-ups, newest first, cannot push them off the page,
  // and the staff accounts among them are the ones Support must not see.
  await page.getByPlaceholder('Search by username, email or id').fill('tollgate.local');
  const table = page.getByRole('table', { name: 'Customer accounts' });
  await expect(table.getByRole('link', { name: 'customer', exact: true })).toHaveAttribute(
    'href',
    /^\/support\/accounts\//,
  );
  await expect(table.getByRole('columnheader', { name: 'Balance' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'admin', exact: true })).toHaveCount(0);
});
