import { expect, fundedCustomer, login, mailedLink, signIn, test, uniqueAccount } from '../fixtures.ts';
import { fetchThroughProxy, localOrigin, ORIGIN_ANSWER } from '../proxy-client.ts';

// Issue 17 / ADR 042: a web customer joins the reseller programme on their own account, creates a
// sub-user and sells them a plan from the web app with their session alone; the sub-user signs in
// and browses through the plan's proxy.
test('a customer applies, staff approve, the member sells a sub-user a plan and the sub-user browses through it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await fundedCustomer(page, request, 'member', 50);

  await test.step('the customer applies from the reseller dashboard', async () => {
    await page.goto('/dashboard/reseller-dashboard');
    await expect(page.getByText('What a reseller gets')).toBeVisible();
    const form = page.getByRole('form', { name: 'Reseller application' });
    await form.getByLabel('Company or brand').fill(`Shop of ${member.username}`);
    await form.getByRole('checkbox', { name: 'Residential' }).check();
    await form.getByLabel('Monthly volume').selectOption('100-1000');
    await form.getByLabel('How you sell').selectOption('website');
    await form.getByLabel('About your customers').fill('Scraping teams in Europe who buy through our own web shop.');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText(/Your application is being reviewed/)).toBeVisible();
  });

  await test.step('an Administrator approves it with reseller prices', async () => {
    const staff = await browser.newPage();
    await login(staff, 'admin');
    await staff.goto('/admin/reselleracc');
    // The staff screen is another helper's: a tab or button named Applications, then the row's Approve.
    await staff
      .getByRole('tab', { name: /Applications/ })
      .or(staff.getByRole('link', { name: /Applications/ }))
      .first()
      .click();
    const row = staff.getByRole('row', { name: new RegExp(member.username) });
    await row.getByRole('button', { name: /Approve/ }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Residential ($/GB)').fill('2.50');
    await dialog.getByRole('button', { name: /Approve/ }).click();
    await expect(dialog).toBeHidden();
    await staff.close();
  });

  const client = uniqueAccount('subu');
  await test.step('the member sees their dashboard and creates a sub-user', async () => {
    await page.goto('/dashboard/reseller-dashboard');
    await expect(page.getByRole('heading', { name: 'GB delivered per day' })).toBeVisible();
    await expect(page.getByText('$2.50 per GB')).toBeVisible();
    await page.getByRole('link', { name: 'Manage sub-users' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/subuser-management');
    await page.getByRole('button', { name: 'New sub-user' }).click();
    const form = page.getByRole('form', { name: 'New sub-user' });
    await form.getByLabel('Username').fill(client.username);
    await form.getByLabel('Email').fill(client.email);
    await form.getByRole('button', { name: 'Create sub-user' }).click();
    await expect(page.getByText('Sub User Created Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: client.username })).toBeVisible();
  });

  await test.step('the member sells the sub-user a residential plan from their balance', async () => {
    await page.getByRole('button', { name: 'Sell a plan' }).click();
    const form = page.getByRole('form', { name: 'Sell a plan' });
    await form.getByLabel('Plan').selectOption({ label: 'Residential Rotating (Residential)' });
    await form.getByLabel('Country').selectOption({ label: 'United States' });
    await form.getByLabel('Bandwidth (GB)').fill('2');
    await expect(form.getByTestId('sell-estimate')).toContainText('$5.00');
    await form.getByRole('button', { name: 'Sell plan' }).click();
    await expect(page.getByText(/Plan purchased: \$5\.00 charged/)).toBeVisible();
    await expect(page.getByRole('list', { name: `Plans of ${client.username}` })).toContainText('Residential Rotating');
  });

  await test.step('the sub-user chooses a password, signs in and browses through the proxy', async () => {
    const link = await mailedLink(request, client.email, '/change-password/');
    const context = await browser.newContext();
    const sub = await context.newPage();
    await sub.goto(link);
    await sub.getByLabel('Password', { exact: true }).fill(client.password);
    await sub.getByLabel('Confirm password').fill(client.password);
    await sub.getByRole('button', { name: 'Set password' }).click();
    await expect(sub.getByRole('heading', { name: 'Password set' })).toBeVisible();
    await signIn(sub, client.username, client.password);
    await expect(sub).toHaveURL((url) => url.pathname === '/dashboard');

    await sub.locator('[data-testid^="plan-"]').first().getByRole('button', { name: 'Open' }).click();
    await expect(sub).toHaveURL(/\/generator\/[0-9a-f-]+$/);
    const builder = sub.getByRole('form', { name: 'Proxy list builder' });
    await builder.getByLabel('Number of proxies').fill('1');
    await builder.getByRole('button', { name: 'Generate' }).click();
    const list = sub.getByLabel('Generated proxies');
    await expect(list).toHaveValue(/^127\.0\.0\.1:\d+:\S+$/);
    const line = (await list.inputValue()).trim();
    const fetched = await fetchThroughProxy(line, await localOrigin());
    expect(fetched.status).toBe(200);
    expect(fetched.body).toBe(ORIGIN_ANSWER);

    // The sub-user is an ordinary customer: the reseller pages show them the programme, not the member's figures.
    await sub.goto('/subuser-management');
    await expect(sub.getByText('Sub-users are part of the reseller programme')).toBeVisible();
    await context.close();
  });
});
