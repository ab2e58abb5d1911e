import { buyResidential, expect, fundedCustomer, test } from '../fixtures.ts';

// Issue 18: a customer makes an API key in Settings, reads a Customer API documentation page, calls
// the live API from "try it" with that key, and the page's curl example works as written.
test('a customer creates an API key, tries it on a docs page and the curl example answers their list', async ({
  page,
  request,
}) => {
  // A customer of its own with a plan, through the real sign-up and purchase: most of the time.
  test.setTimeout(60_000);
  await fundedCustomer(page, request, 'capi', 10);
  const plan = await buyResidential(page);

  await page.goto('/my-profile');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('e2e script');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const key = (await dialog.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^tg_live_/);
  await dialog.getByRole('button', { name: 'I saved it' }).click();
  await expect(page.getByRole('list', { name: 'My API keys' })).toContainText('e2e script');

  // The docs page (public; /api-docs, a long page, links it and is left out to keep this quick).
  await page.goto('/customer-proxy-info');
  await expect(page.getByRole('heading', { name: 'Proxy info', level: 1 })).toBeVisible();
  await expect(page.getByText('x-api-key: <your API key>')).toBeVisible();

  const tryIt = page.getByRole('form', { name: 'Try it' });
  await tryIt.getByLabel('API key', { exact: true }).fill(key);
  await tryIt.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('try-it-status')).toHaveText('200');
  await expect(page.getByTestId('try-it-response')).toContainText(plan);
  // The key is never kept by the page.
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(key);

  // The proxy list page: the curl example follows the values typed into "try it".
  await page.getByRole('navigation', { name: 'Customer API calls' }).getByRole('link', { name: 'Proxy list' }).click();
  await page.getByRole('form', { name: 'Try it' }).getByLabel('plan', { exact: true }).fill(plan);
  await page.getByRole('form', { name: 'Try it' }).getByLabel('count', { exact: true }).fill('3');
  // The example follows what was typed once React has rendered it: wait for the plan, then read it.
  await expect(page.getByTestId('example-curl')).toContainText(`plan=${plan}`);
  const curl = (await page.getByTestId('example-curl').textContent())!;
  expect(curl).toContain('-H "x-api-key: $TOLLGATE_API_KEY"');
  const url = /curl -sS '([^']+)'/.exec(curl)![1]!;
  expect(url).toContain(`plan=${plan}`);

  const answer = await request.get(url, { headers: { 'x-api-key': key } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { message: string; payload: { plan: string; lines: string[] } };
  expect(body.message).toBe('Proxy list');
  expect(body.payload.plan).toBe(plan);
  expect(body.payload.lines).toHaveLength(3);

  // Without the key the same URL is refused.
  expect((await request.get(url)).status()).toBe(401);
});
