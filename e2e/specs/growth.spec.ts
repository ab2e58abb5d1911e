import type { APIRequestContext } from '@playwright/test';
import {
  ACCOUNTS,
  buyResidential,
  expect,
  login,
  mailedLink,
  signIn,
  test,
  uniqueAccount,
  verifiedCustomer,
} from '../fixtures.ts';

/** A desktop browser's user agent: the headless one names itself, and visits from bots are not counted. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  return `Bearer ${(await res.json()).payload.accessToken}`;
}

const balanceOf = async (page: import('@playwright/test').Page) =>
  Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/[^0-9.]/g, ''));

test('a customer shares the link, a friend signs up through it and buys, the reward is claimed into the balance', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const referrer = await verifiedCustomer(page, request, 'refa');
  // Staff turn the programme on for this account: 10 % of residential sales.
  const rates = await request.patch(`/api/v1/admin/accounts/${referrer.id}`, {
    headers: { authorization: admin },
    data: { referralRates: { residential: 10 } },
  });
  expect(rates.ok()).toBe(true);

  await page.getByRole('link', { name: 'Referrals', exact: true }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'QR code of your referral link' })).toBeVisible();
  await expect(page.getByText('Residential').first()).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(link).toMatch(/\/register\?ref=[0-9a-f]{12}$/);
  await expect(page.getByTestId('claim-referral')).toBeDisabled();

  // The friend, in a browser of their own on another network, follows the link.
  const friendContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' } });
  const friend = await friendContext.newPage();
  const account = uniqueAccount('refb');
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect(friend.getByLabel('Referral code (optional)')).toHaveValue(new URL(link).searchParams.get('ref')!, {
    timeout: 30_000,
  });
  await friend.getByLabel('Username').fill(account.username);
  await friend.getByLabel('Email').fill(account.email);
  await friend.getByLabel('Password', { exact: true }).fill(account.password);
  await friend.getByLabel('Confirm password').fill(account.password);
  await friend.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL(/\/verify-email/, { timeout: 30_000 });
  await friend.goto(await mailedLink(request, account.email, '/verify-email/process/'));
  await expect(friend.getByRole('heading', { name: 'Email verified' })).toBeVisible({ timeout: 30_000 });
  await signIn(friend, account.username, account.password);
  await expect(friend).toHaveURL((url) => url.pathname === '/dashboard');
  const friendId = (JSON.parse((await friend.evaluate(() => localStorage.getItem('user')))!) as { id: string }).id;
  const funded = await request.patch(`/api/v1/admin/accounts/${friendId}/balance`, {
    headers: { authorization: admin },
    data: { balanceToAddOrSub: 100, reason: 'e2e referral' },
  });
  expect(funded.ok()).toBe(true);
  await buyResidential(friend, { gb: 5 });
  await friendContext.close();

  // The referrer sees the pending reward: held for the holding period.
  await page.reload();
  const rewards = page.getByRole('table', { name: 'Referral rewards' });
  await expect(rewards.getByText(`${account.username.slice(0, 2)}***`)).toBeVisible({ timeout: 30_000 });
  await expect(rewards.getByText('Pending')).toBeVisible();
  const figures = page.getByRole('list', { name: 'Referral figures' });
  await expect(figures.getByText('Paying referrals')).toBeVisible();
  const reward = Number(((await rewards.locator('tbody tr td').nth(4).textContent()) ?? '').replace(/[^0-9.]/g, ''));
  expect(reward).toBeGreaterThan(0);

  // Once the holding period is over (the operator sets it to 0 here), it is claimed into the balance.
  const hold = (days: string) =>
    request.put('/api/v1/admin/settings', { headers: { authorization: admin }, data: { ReferralHoldDays: days } });
  expect((await hold('0')).ok()).toBe(true);
  try {
    await page.reload();
    await expect(rewards.getByText('Claimable')).toBeVisible({ timeout: 30_000 });
    const before = await balanceOf(page);
    await page.getByTestId('claim-referral').click();
    await expect(page.getByText(/added to your balance/)).toBeVisible();
    await expect.poll(() => balanceOf(page)).toBeCloseTo(before + reward, 2);
    await expect(rewards.getByText('Claimed')).toBeVisible();
    await expect(page.getByTestId('claim-referral')).toBeDisabled();
  } finally {
    await hold('14');
  }
});

test('an administrator creates a gift code; a customer redeems it once and is refused the second time', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders });
  const staff = await staffContext.newPage();
  await login(staff, 'admin');
  await staff.getByRole('link', { name: 'Gift Management' }).click();
  await expect(staff).toHaveURL(/\/admin\/giftmanage$/);
  await staff.getByRole('button', { name: 'New gift code' }).click();
  const form = staff.getByRole('form', { name: 'New gift code' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Amount ($)').fill('7.50');
  await form.getByLabel('Quantity').fill('5');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(staff.getByText(`Gift code ${code} created`)).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Gift codes' }).getByText(code)).toBeVisible();

  const customer = await verifiedCustomer(page, request, 'gift');
  await page.goto('/topup');
  const redeem = page.getByRole('form', { name: 'Redeem a gift code' });
  await redeem.getByLabel('Code').fill(code.toLowerCase());
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByText('$7.50 was added. Your balance is now $7.50.')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(/\$7\.50/);
  await redeem.getByLabel('Code').fill(code);
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(redeem.getByText('You have already redeemed this gift code')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(/\$7\.50/);

  // Staff see who redeemed it.
  await staff.reload();
  const table = staff.getByRole('table', { name: 'Gift codes' });
  await table.getByRole('button', { name: `Who redeemed ${code}` }).click();
  await expect(staff.getByRole('list', { name: 'Redemptions' }).getByText(customer.username)).toBeVisible();
  await expect(table.getByText('1 / 5')).toBeVisible();
  await staffContext.close();
});

test('an administrator registers a partner domain and sees a visit through its link counted once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const domain = `partner-${Date.now().toString(36)}.example`;
  await login(page, 'admin');
  await page.getByRole('link', { name: 'Partners Link' }).click();
  await expect(page).toHaveURL(/\/admin\/partnersurl\/statistic$/);
  await page.getByRole('link', { name: 'New partner link' }).click();
  await expect(page).toHaveURL(/\/admin\/partnerslink\/new$/);
  await page.getByRole('textbox', { name: 'Partner domain' }).fill(`https://www.${domain}/blog`);
  await page.getByRole('button', { name: 'Register domain' }).click();
  await expect(page).toHaveURL(/\/admin\/partnersurl\/statistic$/);
  const row = page.getByRole('table', { name: 'Partner domains' }).getByRole('row').filter({ hasText: domain });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // A visitor (a real browser, from elsewhere) lands through the partner's link, then reloads.
  const visitorContext = await browser.newContext({
    baseURL,
    userAgent: BROWSER_UA,
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.201' },
  });
  const visitor = await visitorContext.newPage();
  // The page reports the visit once loaded (a keepalive request: its status is read, not its body).
  const noted = visitor.waitForResponse((res) => res.url().endsWith('/api/v1/partners/visit'));
  await visitor.goto(`/?partner=${domain}`);
  expect((await noted).ok()).toBe(true);
  const again = visitor.waitForResponse((res) => res.url().endsWith('/api/v1/partners/visit'));
  await visitor.reload();
  expect((await again).ok()).toBe(true);
  await visitorContext.close();

  await page.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
});
