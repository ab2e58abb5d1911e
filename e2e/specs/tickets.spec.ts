import type { Browser, Page } from '@playwright/test';
import { expect, login, mailedLink, test, verifiedCustomer } from '../fixtures.ts';
import { DEMO_PNG_BASE64 } from '../pages.mjs';

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(DEMO_PNG_BASE64, 'base64') });

/** The demo Administrator in a browser of its own, beside the customer's, as the test's own client. */
async function adminPage(browser: Browser, options: { baseURL?: string; headers: Record<string, string> }) {
  const context = await browser.newContext({ baseURL: options.baseURL, extraHTTPHeaders: options.headers });
  const page = await context.newPage();
  await login(page, 'admin');
  return page;
}

/** Opens a ticket through the customer's form; answers its id. */
async function openTicket(page: Page, ticket: { subject: string; message: string; image?: string }) {
  await page.goto('/ticket');
  await page.getByRole('button', { name: 'New ticket' }).click();
  const form = page.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill(ticket.subject);
  await form.getByLabel('Category').selectOption({ label: 'Proxies not working' });
  await form.getByLabel('Message').fill(ticket.message);
  if (ticket.image) {
    await page.getByTestId('attachment-input').setInputFiles(png(ticket.image));
    await expect(form.getByRole('button', { name: `Remove ${ticket.image}` })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Open ticket' })).toBeEnabled();
  }
  await form.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page).toHaveURL(/\/ticket\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test('a customer opens a ticket with an image; staff are notified, note and answer it; the customer reads the answer from the mail and closes it, which deletes it for them but not for staff', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const customer = await verifiedCustomer(page, request, 'ticket');
  const subject = `Proxies answer 407 for ${customer.username}`;
  const note = `Internal: ${customer.username} sends an old password`;
  const answer = 'Copy the new password from the generator page; details at https://example.com/help/407';

  // The desk is open before the ticket exists: the bell must show it without a reload.
  const admin = await adminPage(browser, { baseURL, headers: extraHTTPHeaders ?? {} });
  await admin.goto('/admin/tickets');
  await expect(admin.getByRole('heading', { name: 'Tickets' })).toBeVisible();

  const ticketId = await test.step('the customer opens a ticket with an image', async () => {
    const id = await openTicket(page, {
      subject,
      message: 'Every request answers 407 since this morning. Screenshot attached.',
      image: 'error-407.png',
    });
    await expect(page.getByTestId('ticket-subject')).toHaveText(subject);
    await expect(page.getByRole('button', { name: 'Open image error-407.png' })).toBeVisible();
    return id;
  });

  await test.step('the admin sees the notification appear and opens the ticket from it', async () => {
    // The menu is opened once and stays open: polled every 15 s, the new ticket arrives in it
    // within a round or two, as a person watching the desk sees it.
    await admin.getByTestId('notification-bell').click();
    const item = admin.getByTestId('notification-item').filter({ hasText: subject });
    await expect(item).toBeVisible({ timeout: 45_000 });
    await item.click();
    await expect(admin).toHaveURL((url) => url.pathname === `/admin/tickets/${ticketId}`);
    await expect(admin.getByTestId('ticket-subject')).toHaveText(subject);
    await expect(admin.getByRole('button', { name: 'Open image error-407.png' })).toBeVisible();
    await expect(admin.getByRole('complementary', { name: 'Ticket details' })).toContainText(customer.email);
  });

  await test.step('the admin adds an internal note and a public answer', async () => {
    await admin.getByRole('radio', { name: /Internal note/ }).click();
    await admin.getByRole('textbox', { name: 'Internal note' }).fill(note);
    await admin.getByRole('button', { name: 'Add note' }).click();
    await expect(admin.getByTestId('internal-note').filter({ hasText: note })).toBeVisible();
    await expect(admin.getByTestId('internal-note').filter({ hasText: note })).toContainText('Internal note');

    await admin.getByRole('radio', { name: /Reply to customer/ }).click();
    await admin.getByRole('textbox', { name: 'Reply to customer' }).fill(answer);
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await expect(admin.getByTestId('message').filter({ hasText: answer })).toBeVisible();
    await expect(admin.getByText('Answered', { exact: true }).first()).toBeVisible();
  });

  await test.step('the customer sees an unread answer, gets the mail, reads the answer but never the note', async () => {
    await page.goto('/ticket');
    await expect(page.getByRole('link', { name: /^Tickets\s*1\s*unread$/ })).toBeVisible();
    await page.goto(await mailedLink(request, customer.email, `/ticket/${ticketId}`));
    const reply = page.getByRole('article', { name: 'Message from Support team' });
    await expect(reply).toContainText('Copy the new password from the generator page');
    await expect(reply.getByRole('link', { name: 'https://example.com/help/407' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await expect(page.getByText(note)).toHaveCount(0);
    await expect(page.getByTestId('internal-note')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
  });

  await test.step('the customer closes it: it is deleted from their tickets (rule 77)', async () => {
    await page.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close ticket' }).click();
    await expect(page.getByText('Ticket closed successfully')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/ticket');
    await expect(page.getByText('No tickets yet')).toBeVisible();
    await expect(page.getByRole('link', { name: subject })).toHaveCount(0);
    await expect(page.getByTestId('tickets-open')).toHaveText('0');
    await expect(page.getByTestId('tickets-closed')).toHaveCount(0);
    // Its address, from the mail or the bell, says it is gone.
    await page.goto(`/ticket/${ticketId}`);
    await expect(page.getByText('This ticket is closed or does not exist')).toBeVisible();
    await expect(page.getByTestId('message')).toHaveCount(0);
  });

  await test.step('staff keep it: out of the working queue, under Closed with its whole thread', async () => {
    await admin.goto(`/admin/tickets?search=${ticketId}`);
    await expect(admin.getByText(`No results for “${ticketId}”`)).toBeVisible();
    await admin.getByLabel('Filter by status').selectOption({ label: 'Closed (history)' });
    const row = admin.getByRole('table', { name: 'Tickets' }).getByRole('link', { name: subject });
    await expect(row).toBeVisible();
    await row.click();
    await expect(admin.getByTestId('internal-note').filter({ hasText: note })).toBeVisible();
    await expect(admin.getByTestId('message').filter({ hasText: answer })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
  });
  await admin.context().close();
});

test('markup in a subject, a message and an image name is shown as text to the customer and to staff', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(90_000);
  const customer = await verifiedCustomer(page, request, 'xss');
  const payload = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;
  const subject = `${payload} ${customer.username}`;
  const message = `${payload}\njavascript:window.__xss=3 and https://example.com/ok`;
  const imageName = '<img src=x onerror=alert(1)>.png';
  const dialogs: string[] = [];

  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  const ticketId = await openTicket(page, { subject, message, image: imageName });

  const expectInert = async (view: Page) => {
    await expect(view.getByTestId('ticket-subject')).toHaveText(subject);
    const first = view.getByTestId('message').first();
    await expect(first).toContainText(payload);
    await expect(first).toContainText('javascript:window.__xss=3');
    await expect(first.getByRole('link')).toHaveCount(1);
    await expect(first.getByRole('link')).toHaveAttribute('href', 'https://example.com/ok');
    await expect(first.getByRole('button', { name: `Open image ${imageName}` })).toBeVisible();
    expect(await view.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await view.locator('main script, main img[onerror], main img[src="x"]').count()).toBe(0);
  };

  await test.step('the customer sees the markup as text', async () => {
    await page.reload();
    await expectInert(page);
  });

  await test.step('staff see it as text in the desk and on the ticket', async () => {
    const admin = await adminPage(browser, { baseURL, headers: extraHTTPHeaders ?? {} });
    admin.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
    await admin.goto(`/admin/tickets?search=${ticketId}`);
    const row = admin.getByRole('table', { name: 'Tickets' }).getByRole('link', { name: subject });
    await expect(row).toBeVisible();
    await row.click();
    await expect(admin).toHaveURL((url) => url.pathname === `/admin/tickets/${ticketId}`);
    await expectInert(admin);
    await admin.context().close();
  });
  expect(dialogs).toEqual([]);
});
