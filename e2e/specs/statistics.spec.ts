import { readFile } from 'node:fs/promises';
import { buyResidential, expect, fundedCustomer, login, test } from '../fixtures.ts';

test('an administrator reads the statistics of a range, sees a new sale, exports the series and opens the customer', async ({
  page,
  request,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(90_000);
  // A sale of this test's own, larger than all the other tests' sales together, so the buyer is
  // today's top customer however many tests run beside this one.
  const buyer = await fundedCustomer(page, request, 'stats', 5000);
  await buyResidential(page, { gb: 1000 });

  const context = await browser.newContext({ baseURL, extraHTTPHeaders });
  const admin = await context.newPage();
  await login(admin, 'admin');
  await expect(admin).toHaveURL((url) => url.pathname === '/admin/dashboard');
  await expect(admin.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  const figures = admin.getByRole('region', { name: 'Key figures' });
  await expect(figures.getByText('Net sales')).toBeVisible();
  await expect(figures.getByText(/previous period/).first()).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Revenue per period by kind' })).toBeVisible();

  // The buyer is among today's top customers, linked to their account page.
  const customerLink = admin.getByRole('link', { name: buyer.username });
  await expect(customerLink).toBeVisible();

  // A preset lands in the URL and the header names the new range.
  await admin.getByLabel('Date range').selectOption({ label: 'Last 7 days' });
  await expect(admin).toHaveURL(/[?&]range=7d/);
  // The address changes first and the page renders the new range in a transition after it; a choice
  // made in between is made on the old picker, which the new range then replaces.
  await expect(admin.getByLabel('Date range')).toHaveValue('7d');
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);

  // A custom range, checked before it is asked for.
  await admin.getByLabel('Date range').selectOption({ label: 'Custom range' });
  const custom = admin.getByRole('form', { name: 'Custom range' });
  await custom.getByLabel('From').fill('2026-03-10');
  await custom.getByLabel('To').fill('2026-03-01');
  await custom.getByRole('button', { name: 'Apply' }).click();
  await expect(custom.getByText('The start must be on or before the end')).toBeVisible();
  await custom.getByLabel('From').fill(weekAgo);
  await custom.getByLabel('To').fill(today);
  await custom.getByRole('button', { name: 'Apply' }).click();
  await expect(admin).toHaveURL(new RegExp(`range=custom&from=${weekAgo}&to=${today}`));
  await admin.getByLabel('Group').selectOption({ label: 'By day' });
  await expect(admin).toHaveURL(/granularity=day/);

  // The CSV holds every bucket of both periods, named after the range.
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`tollgate-statistics_${weekAgo}_${today}_day.csv`);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^period,start,end,deposits_usd,purchases_usd,renewals_usd,refunds_usd,net_usd,signups,/);
  expect(lines).toHaveLength(1 + 7 + 7);
  expect(lines.at(7)).toMatch(new RegExp(`^current,${today},${today},`));

  // Phones: the page fits 375 px without sideways scrolling.
  await admin.setViewportSize({ width: 375, height: 800 });
  await expect(admin.getByRole('img', { name: 'Bandwidth delivered per period' })).toBeVisible();
  // Wide tables scroll inside their cards; the page itself does not.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await admin.getByRole('link', { name: buyer.username }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/accounts/${buyer.id}$`));
  await context.close();
});
