import { ACCOUNTS, expect, mailedLink, test, uniqueAccount } from '../fixtures.ts';

interface Envelope<T> {
  status: number;
  message: string;
  payload: T;
}

// Issue 17 part 4: a reseller reads a documentation page and calls the live reseller API from
// "try it" with their own key and bearer token; the answer is their own account's.
test('a reseller tries generalinfo on its docs page with their key and token and sees their own account', async ({
  page,
  request,
}) => {
  const signIn = async (login: string, password: string) => {
    const answer = await request.post('/api/v1/auth/login', { data: { login, password } });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as Envelope<{ accessToken: string }>).payload.accessToken;
  };
  // A reseller of the test's own, made by staff (the demo reseller's balance and key belong to
  // reseller-day.spec.ts, which may run at the same time): the key comes with it, the password
  // through the mailed link, the token from signing in.
  const admin = await signIn(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const { username, email, password } = uniqueAccount('docs_resl');
  const made = await request.post('/api/v1/admin/reseller', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      email,
      username,
      resiprice: 2.5,
      mobileprice: null,
      dataprice1: null,
      dataprice7: null,
      dataprice30: 2,
      ispprice: null,
      gbvalue: 0,
      ipv6white: 10,
      datawhite: 10,
      value: 0,
    },
  });
  expect(made.status()).toBe(200);
  const { reseller, apiKey: key } = ((await made.json()) as Envelope<{ reseller: { balance: number }; apiKey: string }>)
    .payload;
  const welcome = await mailedLink(request, email, '/change-password/');
  const resetToken = new URL(welcome, 'http://x').pathname.split('/').pop()!;
  expect((await request.post(`/api/v1/auth/reset-password/${resetToken}`, { data: { password } })).status()).toBe(200);
  const token = await signIn(username, password);

  // The docs are public: no sign-in in the browser.
  await page.goto('/reseller/generalinfo');
  await expect(page.getByRole('heading', { name: 'Proxies info', level: 1 })).toBeVisible();
  await expect(page.getByText('x-api-key: <your API key>')).toBeVisible();
  await expect(page.getByText('Authorization: Bearer <token>')).toBeVisible();

  const tryIt = page.getByRole('form', { name: 'Try it' });
  // Without credentials the live API refuses, and says so.
  await tryIt.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-status')).toHaveText('401');

  await tryIt.getByLabel('API key', { exact: true }).fill(key);
  await tryIt.getByLabel('Bearer token', { exact: true }).fill(token);
  await tryIt.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-status')).toHaveText('200');
  const response = page.getByTestId('try-it-response');
  await expect(response).toContainText('"message": "General info"');
  await expect(response).toContainText(`"username": "${username}"`);
  await expect(response).toContainText(`"balance": ${reseller.balance}`);

  // Neither secret is kept by the page or written into its examples.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie);
  expect(stored).not.toContain(key);
  expect(stored).not.toContain(token);
  await expect(page.getByTestId('example-curl')).not.toContainText(key);

  // The one menu leads to every group's pages; a charging call's page prefills a fresh Idempotency-Key.
  const menu = page.getByRole('navigation', { name: 'Reseller API', exact: true });
  await menu.getByRole('link', { name: /Purchase/ }).click();
  await expect(page.getByRole('heading', { name: 'Purchase', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Try it' }).getByLabel('Idempotency-Key', { exact: true })).toHaveValue(
    /^[0-9a-f]{32}$/,
  );
});
