import { ACCOUNTS, expect, mailedLink, signIn, test, uniqueAccount } from '../fixtures.ts';

// Receipts and notices by mail (ADR 019): what a new customer gets, and the switches they have.
test('a new customer chooses their optional mail and gets a receipt for each money event', async ({ page }) => {
  const account = uniqueAccount('mail');
  const api = page.request;

  await test.step('sign up and verify', async () => {
    const res = await api.post('/api/v1/auth/register', {
      data: { username: account.username, email: account.email, password: account.password, acceptTerms: true },
    });
    expect(res.ok()).toBe(true);
    await page.goto(await mailedLink(api, account.email, '/verify-email/process/'));
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  });

  await test.step('news is off until opted in; reminders can be turned off', async () => {
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await page.goto('/my-profile');
    const news = page.getByRole('switch', { name: 'Product news and offers' });
    const reminders = page.getByRole('switch', { name: 'Plan reminders' });
    await expect(news).toHaveAttribute('aria-checked', 'false');
    await expect(reminders).toHaveAttribute('aria-checked', 'true');
    await reminders.click();
    await expect(page.getByText('Updated Successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Plan reminders' })).toHaveAttribute('aria-checked', 'false');
  });

  await test.step('staff credit and a purchase each leave a mail with the amount', async () => {
    const admin = await api.post('/api/v1/auth/login', {
      data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
    });
    const adminToken = (await admin.json()).payload.accessToken as string;
    const staff = { authorization: `Bearer ${adminToken}` };
    const customerToken = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
    const me = (
      await (await api.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${customerToken}` } })).json()
    ).payload;
    await api.patch(`/api/v1/admin/accounts/${me.id}/balance`, {
      headers: staff,
      data: { balanceToAddOrSub: 20, reason: 'e2e credit' },
    });
    const plans = (await (await api.get('/api/v1/admin/plans?size=0', { headers: staff })).json()).payload;
    const plan = (plans.items ?? plans).find((p: { title: string }) => p.title === 'Residential Rotating');
    const bought = await api.post(`/api/v1/public/plans/${plan.id}/purchase`, {
      headers: { authorization: `Bearer ${customerToken}` },
      data: { value: 1, country: 'US', paymentMethod: 'balance' },
    });
    expect(bought.ok()).toBe(true);
    const total = ((await bought.json()).payload.total as number).toFixed(2);

    // Receipts go out just after the answer: wait for this one before opening the mailbox page.
    await expect
      .poll(async () => {
        const mails = (await (await api.get('/dev/mailbox.json')).json()) as { to: string; subject: string }[];
        return mails.filter((m) => m.to === account.email && m.subject.startsWith('Receipt for')).length;
      })
      .toBe(1);
    await page.goto('/dev/mailbox');
    const mine = page.getByRole('row').filter({ hasText: account.email });
    await expect(mine.getByRole('link', { name: '$20.00 was added to your Tollgate balance' })).toHaveCount(1);
    const receipt = mine.getByRole('link', { name: /^Receipt for Residential Rotating/ });
    await expect(receipt).toHaveCount(1);
    await receipt.click();
    await expect(page.getByText(`Paid: $${total} from your balance.`)).toBeVisible();
  });
});
