import { ACCOUNTS, expect, login, mailedLink, signIn, test, uniqueAccount } from '../fixtures.ts';

test('an Administrator creates an account; the person sets a password from the mail, signs in and sees the staff message', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = uniqueAccount('created');
  let userId = '';

  await test.step('the admin creates the account: no password typed by staff', async () => {
    await login(page, 'admin');
    await page.goto('/admin/accounts/new');
    const form = page.getByRole('form', { name: 'New account' });
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Username').fill(person.username);
    await expect(form.getByLabel('Role')).toHaveValue('User');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`A link to choose a password was emailed to ${person.email}`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/accounts\/[0-9a-f-]{36}$/);
    userId = new URL(page.url()).pathname.split('/').at(-1)!;
  });

  await test.step('the same email again is refused on its field', async () => {
    await page.goto('/admin/accounts/new');
    const form = page.getByRole('form', { name: 'New account' });
    await form.getByLabel('Email').fill(person.email.toUpperCase());
    await form.getByLabel('Username').fill(`${person.username}_2`);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Email is already registered')).toBeVisible();
  });

  const link = await mailedLink(request, person.email, '/change-password/');
  await test.step('the person chooses a password through the link, once', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Password set' })).toBeVisible();

    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('Another-pass-2026!');
    await page.getByLabel('Confirm password').fill('Another-pass-2026!');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
  });

  await test.step('the person signs in, verified, and sees what staff left for them', async () => {
    await signIn(page, person.username, person.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByTestId('staff-notice')).toHaveCount(0);

    const staff = await request.post('/api/v1/auth/login', {
      data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
    });
    const auth = { authorization: `Bearer ${(await staff.json()).payload.accessToken}` };
    const message = 'Your residential plan moves to new exits on Friday. Nothing to do on your side.';
    expect((await request.patch(`/api/v1/admin/accounts/${userId}`, { headers: auth, data: { message } })).ok()).toBe(
      true,
    );
    await page.reload();
    await expect(page.getByTestId('staff-notice')).toHaveText(message);

    expect(
      (await request.patch(`/api/v1/admin/accounts/${userId}`, { headers: auth, data: { message: '' } })).ok(),
    ).toBe(true);
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Dashboard' }).or(page.getByText('Announcements')).first(),
    ).toBeVisible();
    await expect(page.getByTestId('staff-notice')).toHaveCount(0);

    const disabled = await request.post(`/api/v1/admin/accounts/${userId}/disable`, {
      headers: auth,
      data: { reason: 'e2e: disabled sign-in check' },
    });
    expect(disabled.ok()).toBe(true);
    await signIn(page, person.username, person.password);
    await expect(page.getByRole('alert')).toHaveText('This account is disabled. Contact support.');
  });
});
