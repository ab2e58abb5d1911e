import { readFile } from 'node:fs/promises';
import { buyResidential, expect, fundedCustomer, test } from '../fixtures.ts';
import { fetchThroughProxy, localOrigin, ORIGIN_ANSWER } from '../proxy-client.ts';

test('a customer buys a plan, downloads a proxy list, browses through the first proxy and sees the bytes in usage', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A customer of its own: the subscriptions spec watches the demo customer's balance meanwhile.
  await fundedCustomer(page, request, 'browser', 20);
  const subscriptionId = await buyResidential(page);

  // The dashboard card opens the generator of an active plan.
  await page.goto('/dashboard');
  await page.getByTestId(`plan-${subscriptionId}`).getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/generator/${subscriptionId}$`));
  await expect(page.getByRole('heading', { name: 'Residential Rotating' })).toBeVisible();

  const builder = page.getByRole('form', { name: 'Proxy list builder' });
  await builder.getByLabel('Number of proxies').fill('5');
  await builder.getByRole('button', { name: 'Generate' }).click();
  const list = page.getByLabel('Generated proxies');
  await expect(list).toHaveValue(/^(.+\n){4}.+$/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .txt' }).click();
  const download = await downloading;
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(lines).toHaveLength(5);
  expect(lines[0]).toMatch(/^127\.0\.0\.1:\d+:tg\w+:\S+$/);

  // Any HTTP client can use the first line: here Node's, fetching a local page (the shop's own port
  // is refused through the proxy).
  const fetched = await fetchThroughProxy(lines[0]!, await localOrigin());
  expect(fetched.status).toBe(200);
  expect(fetched.body).toBe(ORIGIN_ANSWER);

  // Usage shows the traffic once the gateway has flushed it (every 2 s); the page's Refresh asks
  // again, as a customer would (a reload on a busy machine could outlast each attempt).
  await page.goto(`/proxy-usage?subscriptionId=${subscriptionId}`);
  const totals = page.getByRole('region', { name: 'Totals for the period' });
  await expect(totals).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(totals).toContainText(/Requests\s*1(?!\d)/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(totals).not.toContainText(/Upload\s*0 B|Total traffic\s*0 B/);
});
