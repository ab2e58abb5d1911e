import type { Locator, Page } from '@playwright/test';
import { expect, login, openTicket, test } from '../fixtures.ts';

/** Opens the row's ActionMenu in the table (the phone list has its own copy) and picks `item`. */
async function chooseAction(page: Page, table: Locator, row: string, item: string) {
  await table
    .getByRole('button', { name: `Actions for ${row}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

// Issue 32: the demo Support account's day, through the UI only. The demo customer opens a ticket;
// Support finds it on its own desk (/support/tickets), answers it, closes it (the customer's list
// loses it) and reopens it (it comes back), then gives the customer a trial plan and adds a gigabyte
// to it from the customer's account page.
test('the demo Support answers, closes and reopens a ticket and adds a GB to a customer’s plan', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const subject = `Support day ${Date.now().toString(36)}: exits in Germany time out`;
  const answer = 'We moved your exits to a healthy pool; please try again now.';

  const ticketPath = await test.step('the demo customer opens a ticket', async () => {
    await login(page, 'customer');
    await page.goto('/ticket');
    return openTicket(page, subject, 'Since this morning every request through Germany times out.');
  });
  const ticketId = ticketPath.split('/').at(-1)!;

  // Support in a browser of its own, as the test's own client.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: extraHTTPHeaders ?? {} });
  const support = await context.newPage();
  await login(support, 'support');
  const sidebar = support.getByRole('navigation', { name: 'Sidebar' });

  await test.step('Support finds the ticket on its desk, waiting, with a notification', async () => {
    await expect(support.getByTestId('notification-bell')).toHaveAccessibleName(/Notifications, \d+ unread/);
    await sidebar.getByRole('link', { name: 'Tickets' }).click();
    await expect(support).toHaveURL((url) => url.pathname === '/support/tickets');
    await expect(support.getByRole('heading', { name: 'Tickets', level: 1 })).toBeVisible();
    await support.getByLabel('Filter by status').selectOption({ label: 'Open' });
    await support.getByPlaceholder('Search by subject, customer or id').fill(subject);
    const table = support.getByRole('table', { name: 'Tickets' });
    await table.getByRole('link', { name: subject }).click();
    await expect(support).toHaveURL((url) => url.pathname === `/support/tickets/${ticketId}`);
    await expect(support.getByTestId('ticket-subject')).toHaveText(subject);
    const details = support.getByRole('complementary', { name: 'Ticket details' });
    await expect(details).toContainText('customer@tollgate.local');
    // Support sees the customer's plans but no money.
    await expect(details.getByText('Balance')).toHaveCount(0);
    await expect(details.getByText('Recent payments')).toHaveCount(0);
  });

  await test.step('Support answers it', async () => {
    await support.getByRole('textbox', { name: 'Reply to customer' }).fill(answer);
    await support.getByRole('button', { name: 'Send reply' }).click();
    await expect(support.getByText('Reply sent')).toBeVisible();
    await expect(support.getByTestId('message').filter({ hasText: answer })).toBeVisible();
    await expect(support.getByText('Answered', { exact: true }).first()).toBeVisible();
  });

  // Rule 77: closing deletes it from the customer's tickets; reopening gives it back.
  const customerList = page.getByRole('table', { name: 'Tickets' });
  await test.step('Support closes it: the customer no longer has it', async () => {
    await support.getByRole('button', { name: 'Close ticket' }).click();
    await support.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
    await expect(support.getByText('Ticket closed successfully')).toBeVisible();
    await expect(support.getByText(/This ticket is closed/)).toBeVisible();
    await expect(support.getByRole('radio', { name: /Reply to customer/ })).toHaveCount(0);

    await page.goto(`/ticket?search=${ticketId}`);
    await expect(page.getByText(`No results for “${ticketId}”`)).toBeVisible();
    await page.goto(ticketPath);
    await expect(page.getByText('This ticket is closed or does not exist')).toBeVisible();
  });

  await test.step('Support reopens it: it is back in the customer’s tickets', async () => {
    await support.getByRole('button', { name: 'Reopen ticket' }).click();
    await expect(support.getByText('Ticket reopened')).toBeVisible();
    await expect(support.getByRole('button', { name: 'Close ticket' })).toBeVisible();
    await expect(support.getByRole('radio', { name: /Reply to customer/ })).toBeVisible();

    await page.goto(`/ticket?search=${ticketId}`);
    await expect(customerList.getByRole('link', { name: subject })).toBeVisible();
  });

  await test.step('the customer reads the answer and may reply again', async () => {
    await page.goto(ticketPath);
    await expect(page.getByRole('article', { name: 'Message from Support team' })).toContainText(answer);
    await expect(page.getByRole('textbox', { name: 'Your reply' })).toBeVisible();
  });

  await test.step('Support opens the customer’s account and gives a trial plan', async () => {
    await sidebar.getByRole('link', { name: 'Management panel' }).click();
    // Newest first: other specs' sign-ups may have pushed the demo customer off the first page.
    await support.getByPlaceholder('Search by username, email or id').fill('customer@tollgate.local');
    const accounts = support.getByRole('table', { name: 'Customer accounts' });
    await accounts.getByRole('link', { name: 'customer', exact: true }).click();
    await expect(support).toHaveURL(/\/support\/accounts\/[0-9a-f-]{36}$/);
    await expect(support.getByRole('heading', { name: 'customer', level: 1 })).toBeVisible();
    await support.getByRole('link', { name: 'Add trial plan' }).click();
    await expect(support).toHaveURL(/\/add-subscription$/);
    await support
      .getByLabel('Plan', { exact: true })
      .selectOption({ label: 'Residential Trial · Residential · trial' });
    await support.getByRole('button', { name: 'Add subscription' }).click();
    await expect(support.getByText('Residential Trial added to the account.')).toBeVisible();
    await expect(support).toHaveURL(/\/support\/accounts\/[0-9a-f-]{36}$/);
  });

  await test.step('Support adds 1 GB to it and sees 2 GB', async () => {
    const plans = support.getByRole('table', { name: 'Plans' });
    const trial = plans.getByRole('row').filter({ hasText: 'Residential Trial' }).first();
    await expect(trial).toContainText('/ 1 GB');
    await chooseAction(support, trial, 'Residential Trial', 'Add bandwidth');
    const dialog = support.getByRole('dialog', { name: 'Add bandwidth' });
    await dialog.getByLabel('GB to add').fill('1');
    await dialog.getByLabel('Reason (optional)').fill('Goodwill for the German outage');
    await dialog.getByRole('button', { name: 'Add bandwidth' }).click();
    await expect(support.getByText('Subscription updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(trial).toContainText('/ 2 GB');
  });

  await context.close();
});
