import { buyResidential, expect, fundedCustomer, test } from '../fixtures.ts';
import { fetchThroughProxy, localOrigin } from '../proxy-client.ts';
import { totp } from '../totp.ts';

test('a customer with a plan, a balance and two-factor deletes the account; its proxy stops within 5 s', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  let account!: Awaited<ReturnType<typeof fundedCustomer>>;
  await test.step('sign up, verify, get $20 from staff and buy a plan', async () => {
    account = await fundedCustomer(page, request, 'leaver', 20);
    await buyResidential(page);
  });

  const subscriptionId = new URL(page.url()).pathname.split('/').at(-1)!;
  await page.goto(`/generator/${subscriptionId}`);
  const builder = page.getByRole('form', { name: 'Proxy list builder' });
  await builder.getByRole('button', { name: 'Generate' }).click();
  const line = (await page.getByLabel('Generated proxies').inputValue()).split('\n')[0]!;
  const origin = await localOrigin();
  expect((await fetchThroughProxy(line, origin)).status).toBe(200);

  // Two-factor on, through the API with this browser's session (which stays signed in).
  const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
  const auth = { authorization: `Bearer ${token}` };
  const secret = (await (await request.get('/api/v1/auth/mfa', { headers: auth })).json()).payload.secret as string;
  const enabled = await request.post('/api/v1/auth/mfa', { headers: auth, data: { totp: totp(secret) } });
  const backupCode = (await enabled.json()).payload.backupCodes[0] as string;

  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const lost = dialog.getByRole('list', { name: 'What is lost' });
  await expect(lost).toContainText('Residential Rotating');
  await expect(lost).toContainText('30 days left');
  await expect(lost).toContainText(/Balance \$\d+\.\d\d, not paid out/);
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByLabel('Authenticator code or backup code').fill('000000');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid code');
  await dialog.getByLabel('Authenticator code or backup code').fill(backupCode);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByText('Account deleted')).toBeVisible();
  const deletedAt = Date.now();

  await expect.poll(async () => (await fetchThroughProxy(line, origin)).status, { timeout: 5_000 }).toBe(407);
  expect(Date.now() - deletedAt).toBeLessThan(5_000);
  expect((await request.get('/api/v1/auth/me', { headers: auth })).status()).toBe(401);
});
