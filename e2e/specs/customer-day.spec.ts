import { expect, login, openTicket, test, uniqueAccount } from '../fixtures.ts';

// Issue 32: the demo customer's day through the UI only. It opens a ticket, shares its referral
// link with a friend who signs up from the same network (refused, and the referrer is told why),
// learns from its notification bell that Support answered, and closes the ticket, which deletes it
// from its tickets (rule 77) while the bell's entry still opens a page that says so.
test('the demo customer opens a ticket, sees a same-network referral refused, is notified of the answer and closes it', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const subject = `Customer day ${Date.now().toString(36)}: rotating exits repeat`;
  const answer = 'Rotation is per request; sticky sessions keep one exit for 10 minutes.';

  await login(page, 'customer');

  const ticketPath = await test.step('the customer opens a ticket', async () => {
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Tickets' }).click();
    return openTicket(page, subject, 'The same exit address comes back on every request.');
  });

  await test.step('a friend at the same desk signs up through the link: refused, and the customer sees why', async () => {
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Referrals', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/register\?ref=[0-9a-f]{12}$/);

    // Same client address as the customer: the shop takes it for the customer's own second account.
    const friendContext = await browser.newContext({ baseURL, extraHTTPHeaders: extraHTTPHeaders ?? {} });
    const friend = await friendContext.newPage();
    const account = uniqueAccount('sameDesk');
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await friend.getByLabel('Username').fill(account.username);
    await friend.getByLabel('Email').fill(account.email);
    await friend.getByLabel('Password', { exact: true }).fill(account.password);
    await friend.getByLabel('Confirm password').fill(account.password);
    await friend.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await friend.getByRole('button', { name: 'Create account' }).click();
    await expect(friend).toHaveURL(/\/verify-email/, { timeout: 30_000 });
    await friendContext.close();

    await page.reload();
    const refused = page.getByRole('list', { name: 'Refused sign-ups' });
    await expect(refused.getByText('Same network as you').first()).toBeVisible();
  });

  await test.step('Support answers in its own browser', async () => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: extraHTTPHeaders ?? {} });
    const support = await context.newPage();
    await login(support, 'support');
    await support.goto(`/support/tickets/${ticketPath.split('/').at(-1)}`);
    await support.getByRole('textbox', { name: 'Reply to customer' }).fill(answer);
    await support.getByRole('button', { name: 'Send reply' }).click();
    await expect(support.getByText('Reply sent')).toBeVisible();
    await context.close();
  });

  await test.step('the customer’s bell says so and opens the ticket', async () => {
    await page.goto('/dashboard');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/Notifications, \d+ unread/, { timeout: 30_000 });
    await bell.click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', {
        name: new RegExp(`Support answered your ticket: ${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === ticketPath);
    await expect(page.getByRole('article', { name: 'Message from Support team' })).toContainText(answer);
  });

  await test.step('the customer closes it: gone from the list, and the bell’s entry says so', async () => {
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
    await expect(page.getByText('Ticket closed successfully')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/ticket');
    // The list has loaded (rows or its empty state) without the ticket.
    await expect(page.getByText(/^Showing|^No tickets yet$/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: subject })).toHaveCount(0);

    await page.getByTestId('notification-bell').click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === ticketPath);
    await expect(page.getByText('This ticket is closed or does not exist')).toBeVisible();
  });
});
