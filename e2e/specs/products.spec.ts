import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, login, test } from '../fixtures.ts';

/** Sets one type's card on /admin/productmanage and saves it; answers once the server has it. */
async function saveType(page: Page, type: string, change: { onSale?: boolean; name?: string }) {
  const card = page.getByTestId(`type-${type}`);
  if (change.name !== undefined) await card.getByLabel('Display name').fill(change.name);
  if (change.onSale !== undefined) {
    const toggle = card.getByRole('switch', { name: 'On sale' });
    if ((await toggle.getAttribute('aria-checked')) !== String(change.onSale)) await toggle.click();
  }
  const save = card.getByRole('button', { name: /^Save / });
  // Nothing to save when the card already says so (the clean-up after a run that got that far).
  if (await save.isEnabled()) await save.click();
  await expect(page.getByTestId(`sale-${type}`)).toHaveText(change.onSale === false ? 'Off sale' : 'On sale');
  await expect(save).toBeDisabled();
}

const typeFilter = (page: Page) => page.getByRole('group', { name: 'Proxy type' });

/**
 * Puts IPv6 back on sale under its own name through the API: other specs expect the demo shop as
 * seeded, and a timed-out attempt must not leave its retry (or a parallel spec) a shop without IPv6.
 */
async function restoreIpv6(request: APIRequestContext) {
  const session = await request.post('/api/v1/auth/login', {
    data: { login: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password },
  });
  const headers = { authorization: `Bearer ${(await session.json()).payload.accessToken}` };
  const config = await (await request.get('/api/v1/admin/types-config', { headers })).json();
  const ipv6 = config.payload.types.find((t: { type: string }) => t.type === 'ipv6');
  if (ipv6.enabled && ipv6.displayName === 'IPv6') return;
  const put = await request.put('/api/v1/admin/types-config/ipv6', {
    headers,
    data: {
      displayName: 'IPv6',
      description: ipv6.description,
      enabled: true,
      backend: ipv6.backend,
      formats: ipv6.formats,
    },
  });
  expect(put.ok()).toBe(true);
}

test('staff take a proxy type off sale and the pricing page stops showing it; back on sale under a new name', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await restoreIpv6(page.request);
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await login(page, 'admin');
  await page.goto('/admin/productmanage');
  await expect(page.getByRole('heading', { name: 'Product Manage' })).toBeVisible();

  try {
    await visitor.goto('/pricing');
    await expect(typeFilter(visitor).getByRole('button', { name: 'IPv6', exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'IPv6 Rotating' })).toBeVisible();

    await saveType(page, 'ipv6', { onSale: false });
    await visitor.reload();
    await expect(typeFilter(visitor).getByRole('button', { name: 'Residential' })).toBeVisible();
    await expect(typeFilter(visitor).getByRole('button', { name: 'IPv6', exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('heading', { name: 'IPv6 Rotating' })).toHaveCount(0);

    await saveType(page, 'ipv6', { onSale: true, name: 'IPv6 Pool' });
    await visitor.reload();
    await expect(typeFilter(visitor).getByRole('button', { name: 'IPv6 Pool' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'IPv6 Rotating' })).toBeVisible();
  } finally {
    await restoreIpv6(page.request);
  }
});
