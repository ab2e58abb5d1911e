import { expect, mailedLink, readStorage, signIn, test, uniqueAccount } from '../fixtures.ts';
import { nextStep, totp, totpStep } from '../totp.ts';

test('an account from sign-up to two-factor sign-in, and a password reset that ends its sessions', async ({
  page,
  browser,
}) => {
  // Waiting for a fresh two-factor time step can take up to 30 s.
  test.setTimeout(120_000);
  const account = uniqueAccount('e2e');
  const newPassword = `${account.password}-new`;

  await test.step('register', async () => {
    await page.goto('/register');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/verify-email');
    await expect(page.getByTestId('sent-to')).toHaveText(account.email);
  });

  await test.step('verify the email with the mailed link', async () => {
    await page.goto(await mailedLink(page.request, account.email, '/verify-email/process/'));
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  await test.step('sign in', async () => {
    await signIn(page, account.username, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(page.getByText('Verify your email to buy plans')).toHaveCount(0);
  });

  let secret = '';
  let enabledAt = 0;
  await test.step('turn on two-factor in Settings and keep the backup codes', async () => {
    await page.getByTestId('username').click();
    await expect(page).toHaveURL((url) => url.pathname === '/my-profile');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    enabledAt = totpStep();
    await page.getByLabel('Code from the app').fill(totp(secret, enabledAt));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect(codes.first()).toBeVisible();
    expect(await codes.count()).toBeGreaterThan(3);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  });

  let token: string | null = null;
  await test.step('sign out, then sign in again with a fresh code', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/2-step-verification/'));
    // Codes are single use: the enabling code's step is spent, so wait for the next one.
    const step = await nextStep(enabledAt);
    await page.getByLabel('Authentication code').fill(totp(secret, step));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    token = await readStorage(page, 'accessToken');
    expect(token).toBeTruthy();
    expect(JSON.parse((await readStorage(page, 'user'))!)).toMatchObject({ twoFactorEnabled: true });
  });

  await test.step('reset the password from another browser', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/forgot-password');
    await other.getByLabel('Email').fill(account.email);
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other).toHaveURL((url) => url.pathname === '/forgot-password-link-sent-successfully');
    await other.goto(await mailedLink(other.request, account.email, '/change-password/'));
    await other.getByLabel('New password', { exact: true }).fill(newPassword);
    await other.getByLabel('Confirm new password').fill(newPassword);
    await other.getByRole('button', { name: 'Change password' }).click();
    await expect(other).toHaveURL((url) => url.pathname === '/password-changed-successfully');
    await context.close();
  });

  await test.step('the token from before the reset is refused', async () => {
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});
