import type { Locator, Page } from '@playwright/test';
import { expect, login, test } from '../fixtures.ts';

const DAY_MS = 86_400_000;

const balanceOf = async (page: Page) =>
  Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/[^0-9.]/g, ''));
// As the app writes amounts: other specs may have lifted the demo balance past $1,000.
const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const expiryOf = async (card: Locator) => (await card.getByTestId('plan-expires').getAttribute('datetime'))!;
/** The date as the page prints it (short month, day, year), in the browser's own time zone. */
const shortDate = (page: Page, iso: string) =>
  page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(value)),
    iso,
  );

test('a customer buys, renews and auto-renews a plan; staff then add time and bandwidth', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page, 'customer');
  await expect(page.getByTestId('balance')).toHaveText(/^\$\d/);

  // 1. Buy 1 GB of Residential Rotating ($4.50/GB) from balance. The new subscription is this run's own.
  let before = await balanceOf(page);
  await page.goto('/plans');
  await page.getByRole('link', { name: 'Buy Residential Rotating', exact: true }).click();
  await expect(page).toHaveURL(/\/purchase-plan\/[0-9a-f-]+\/1$/);
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United States' });
  await page.getByRole('radio', { name: /Balance/ }).check();
  await page.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment-success\/[0-9a-f-]+$/);
  const subscriptionId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByTestId('balance')).toHaveText(money(before - 4.5));

  // 2. The dashboard shows it with its GB and end date.
  await page.goto('/dashboard');
  const card = page.getByTestId(`plan-${subscriptionId}`);
  await expect(card.getByRole('heading', { name: 'Residential Rotating' })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByTestId('plan-bandwidth')).toContainText('1 GB left');
  await expect(card.getByTestId('plan-bandwidth')).toContainText('0 B of 1 GB used');
  const boughtUntil = await expiryOf(card);

  // 3. Renew from balance: 1 more GB at the renewal price ($4.20) with WELCOME10 (-10%) is $3.78.
  before = await balanceOf(page);
  await card.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew Residential Rotating' });
  await expect(dialog.getByRole('radio', { name: /Add bandwidth/ })).toBeChecked();
  await dialog.getByLabel('Bandwidth to add (GB)').fill('1');
  await dialog.getByLabel('Coupon code (optional)').fill('WELCOME10');
  await dialog.getByRole('radio', { name: /Balance/ }).check();
  // The price is the server's, coupon included, before anything is paid.
  await expect(dialog.getByLabel('Price')).toContainText(`Coupon WELCOME10-${money(0.42)}Total${money(3.78)}`);
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Subscription updated')).toBeVisible();
  await expect(dialog.getByText('Payment received')).toBeVisible();
  await expect(dialog).toContainText(`Charged ${money(3.78)}; your balance is now ${money(before - 3.78)}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('plan-bandwidth')).toContainText('0 B of 2 GB used');
  await expect(page.getByTestId('balance')).toHaveText(money(before - 3.78));

  // 4. Auto-renew on, 30 days a time.
  const autoRenew = card.getByRole('switch', { name: 'Auto-renew' });
  await expect(autoRenew).toHaveAttribute('aria-checked', 'false');
  await autoRenew.click();
  await expect(page.getByText('Auto Renew status updated successfully')).toBeVisible();
  await expect(autoRenew).toHaveAttribute('aria-checked', 'true');
  await card.getByLabel('Days per renewal').fill('30');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your Renew value has been successfully updated')).toBeVisible();
  // The next automatic charge is announced with its amount and date, priced by the server.
  await expect(card.getByTestId('next-renewal')).toContainText(/Next charge: \$\d+\.\d{2} for 30 days on/);

  // 4b. The customer names the plan: the card leads with the name and keeps its id and username.
  await card.getByRole('button', { name: 'Name' }).click();
  await page.getByLabel('Plan name').fill('E2E scraper');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Plan name saved')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'E2E scraper' })).toBeVisible();
  await expect(card.getByTestId('plan-identity')).toContainText(`#${subscriptionId.slice(0, 8).toUpperCase()}`);

  // 5. An administrator, in a browser of their own, adds 10 days and 5 GB.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'admin');
  await admin.goto(`/admin/subscriptions/edit/${subscriptionId}`);
  await expect(admin.getByRole('heading', { name: 'Subscription of customer', level: 1 })).toBeVisible();
  await expect(admin.getByTestId('subscription-bandwidth')).toContainText('of 2 GB used');

  await admin.getByLabel('GB to add').fill('5');
  await admin.getByRole('button', { name: 'Add bandwidth' }).click();
  await expect(admin.getByTestId('subscription-bandwidth')).toContainText('of 7 GB used');

  const endsBefore = (await admin.getByTestId('subscription-ends').locator('time').getAttribute('datetime'))!;
  expect(endsBefore).toBe(boughtUntil);
  await admin.getByLabel('Days', { exact: true }).fill('10');
  await admin.getByLabel('Operation').selectOption('add');
  await admin.getByRole('button', { name: 'Apply' }).click();
  await expect(admin.getByTestId('subscription-ends').locator('time')).not.toHaveAttribute('datetime', endsBefore);
  const endsAfter = (await admin.getByTestId('subscription-ends').locator('time').getAttribute('datetime'))!;
  expect(new Date(endsAfter).getTime() - new Date(endsBefore).getTime()).toBe(10 * DAY_MS);
  await adminContext.close();

  // 6. The customer reloads the dashboard and sees the GB and the later end.
  await page.reload();
  await expect(card.getByTestId('plan-bandwidth')).toContainText('0 B of 7 GB used');
  await expect(card.getByTestId('plan-expires')).toHaveAttribute('datetime', endsAfter);
  await expect(card.getByTestId('plan-expires')).toHaveText(await shortDate(page, endsAfter));
  await expect(card.getByRole('switch', { name: 'Auto-renew' })).toHaveAttribute('aria-checked', 'true');
});
