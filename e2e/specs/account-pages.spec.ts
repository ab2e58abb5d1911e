import { expect, readStorage, signIn, test, uniqueAccount } from '../fixtures.ts';

test('sign-up shows field errors for a bad email and a short password', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL((url) => url.pathname === '/register');
});

// The smallest valid PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the avatar takes a small PNG and refuses a text file named .png', async ({ page }) => {
  const account = uniqueAccount('avatar');
  const created = await page.request.post('/api/v1/auth/register', { data: account });
  expect(created.ok()).toBe(true);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('Verify your email to buy plans')).toBeVisible();
  await page.goto('/my-profile');

  const file = page.getByTestId('avatar-file');
  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(page.getByRole('img', { name: `${account.username}'s avatar` })).toBeVisible();
  // Stored re-encoded as WebP whatever was uploaded (issue 21).
  expect(JSON.parse((await readStorage(page, 'user'))!).avatarUrl).toMatch(/\.webp$/);

  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text\n') });
  await expect(page.getByText(/^Failed to update avatar\. .+/)).toBeVisible();

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Avatar deleted')).toBeVisible();
  await expect(page.getByRole('img', { name: `${account.username}'s initials` })).toBeVisible();
});

test('the account pages render under the strict CSP without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const token = 'AAAAAAAAAAAAAAAAAAAAAA';
  for (const [path, heading] of [
    ['/register', 'Create your account'],
    ['/verify-email?email=someone%40example.com', 'Check your inbox'],
    ['/forgot-password', 'Forgot your password?'],
    ['/forgot-password-link-sent-successfully', 'Check your email'],
    [`/change-password/${token}`, 'Choose a new password'],
    ['/password-changed-successfully', 'Password changed'],
    [`/2-step-verification/${token}`, 'Two-step verification'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // No Google client id on the e2e server: no button, and no script from Google either.
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
  await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
  expect(await page.locator('script[src*="accounts.google.com"]').count()).toBe(0);
  expect(errors).toEqual([]);
});

test('a signed-in visitor of /register goes to the dashboard', async ({ page }) => {
  const account = uniqueAccount('signedin');
  expect((await page.request.post('/api/v1/auth/register', { data: account })).ok()).toBe(true);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.goto('/register');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});
