import { ACCOUNTS, expect, login, mailedLink, test, uniqueAccount } from '../fixtures.ts';

// Issue 14 item 6: staff write a news campaign, send it to a one-account segment, and the customer
// finds it in the mailbox with an unsubscribe link that works.
test('an admin sends a campaign to one customer, who unsubscribes with the mail’s link', async ({ page }) => {
  const api = page.request;
  const customer = uniqueAccount('news');
  const subject = `Spring sale ${customer.username}`;

  await test.step('a verified customer who opted in to news', async () => {
    expect((await api.post('/api/v1/auth/register', { data: customer })).ok()).toBe(true);
    const verify = await mailedLink(api, customer.email, '/verify-email/process/');
    const token = verify.split('/').pop()!;
    expect((await api.post(`/api/v1/auth/verify-email/${token}`)).ok()).toBe(true);
    const session = await api.post('/api/v1/auth/login', {
      data: { login: customer.username, password: customer.password },
    });
    const accessToken = (await session.json()).payload.accessToken as string;
    const optIn = await api.patch('/api/v1/public/email-subscription', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { subscribed: true },
    });
    expect(optIn.ok()).toBe(true);
  });

  await test.step('compose with a live preview, pick one account and see who it reaches', async () => {
    await login(page, 'admin');
    await page.getByRole('link', { name: 'MAIL Sender' }).click();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByLabel('Subject').fill(subject);
    await page
      .getByLabel('Message (Markdown)', { exact: true })
      .fill('Our **residential** pool grew.\n\n- 10% off this week');
    await expect(
      page.frameLocator('[data-testid=mail-preview]').getByText(`Hi ${ACCOUNTS.admin.username},`),
    ).toBeVisible();
    await expect(
      page.frameLocator('[data-testid=mail-preview]').locator('strong', { hasText: 'residential' }),
    ).toBeVisible();
    await page.getByLabel('Audience').selectOption('account');
    await page.getByLabel('Username or email').fill(customer.username);
    await expect(page.getByTestId('audience-reach')).toHaveText(/^1 customer receives it now/);
  });

  await test.step('test to myself, then send with a confirmation naming the count', async () => {
    await page.getByRole('button', { name: 'Send test to myself' }).click();
    await expect(page.getByText(`Test sent to ${ACCOUNTS.admin.email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Send…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to 1 customer?' });
    await dialog.getByRole('button', { name: 'Send to 1' }).click();
    await expect(page.getByText('1 of 1 sent')).toBeVisible();
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  });

  await test.step('the mail is in the dev mailbox; its unsubscribe link opts the customer out', async () => {
    await page.goto('/dev/mailbox');
    await page.getByRole('row').filter({ hasText: customer.email }).getByRole('link', { name: subject }).click();
    await expect(page.getByText(`Hi ${customer.username},`)).toBeVisible();
    await page.getByRole('link', { name: /\/email-subscription\/cancel\?token=/ }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const reach = await api.post('/api/v1/admin/mail-sender/audience', {
      headers: { authorization: `Bearer ${token}` },
      data: { audience: { kind: 'account', account: customer.username } },
    });
    expect((await reach.json()).payload).toEqual({ recipients: 0, optedOut: 1 });
  });
});
