import { expect, hydrated, login, readStorage, sidebarWidth, test } from '../fixtures.ts';

test.describe('public shell', () => {
  test('keeps the chosen theme across a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    // The home page is prerendered: its theme button is there before the script that makes it work.
    await hydrated(page);
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await readStorage(page, 'theme')).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  });

  test('shows the marketing 404 page for an unknown path', async ({ page }) => {
    const answer = await page.goto('/no/such/page');
    // Issue 32: the status says it too, and so does the tab's title; a real page keeps 200.
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Tollgate');
    await expect(page.getByText('404')).toBeVisible();
    // It is the marketing site's page: public header and footer around it.
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Tollgate');

    const register = await page.goto('/register');
    expect(register?.status()).toBe(200);
    await expect(page).toHaveTitle('Tollgate · Proxies for every workload');
  });

  test('sends old marketing paths to the home page', async ({ page }) => {
    for (const path of ['/location-proxy/usa', '/use-cases/web-scraping', '/products/static-isp-proxies']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/');
    }
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Proxies');
  });

  test('renders the public pages under the strict CSP without console errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [path, heading] of [
      ['/', /Proxies/],
      ['/faqs', 'Frequently asked questions'],
      ['/status', 'Is everything running?'],
      ['/cookie-policy', 'Cookie policy'],
      ['/privacy-policy-extension', 'Browser extension privacy policy'],
      ['/login', 'Sign in to Tollgate'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.goto('/faqs');
    await expect(page.getByText('How do I pay?')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved');
    expect(errors).toEqual([]);
  });

  test('has a server error page at /500', async ({ page }) => {
    await page.goto('/500');
    await expect(page.getByRole('heading', { name: 'Something went wrong on our side' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });
});

test.describe('customer shell', () => {
  test('signs in from a protected page and shows the shell with balance and username', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
    await login(page, 'customer');
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    // The demo customer starts with seeded credit; the top bar shows whatever it holds as $12.34.
    await expect(page.getByTestId('balance')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(page.getByTestId('balance')).toHaveAttribute('href', '/topup');
    await expect(page.getByTestId('username')).toContainText('customer');
    await expect(page.getByTestId('username')).toHaveAttribute('href', '/my-profile');
    await expect(page.getByRole('heading', { name: /customer$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Go to (Admin|Support) Panel/ })).toHaveCount(0);
    // A customer cannot open the admin area.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  });

  test('collapses the sidebar from 270 px to 88 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'customer');
    expect(await sidebarWidth(page)).toBe(270);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(88);
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(270);
  });

  test('switches to mobile mode at 1200 px and back at 1201 px', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await login(page, 'customer');
    const sidebar = page.getByTestId('sidebar');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(sidebar).toHaveAttribute('data-mobile', 'true');
    await expect(menu).toBeVisible();
    await expect(sidebar).not.toBeInViewport();
    await menu.click();
    await expect(sidebar).toBeInViewport();
    await page.getByRole('link', { name: 'FAQs' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(sidebar).not.toBeInViewport();

    await page.setViewportSize({ width: 1201, height: 900 });
    await expect(menu).toHaveCount(0);
    await expect(sidebar).not.toHaveAttribute('data-mobile');
    await expect(sidebar).toBeInViewport();
    expect(await sidebarWidth(page)).toBe(270);
  });

  test('logs out to /login and the old token stops working', async ({ page }) => {
    await login(page, 'customer');
    const token = await readStorage(page, 'accessToken');
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Theme: Light' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(await readStorage(page, 'accessToken')).toBeNull();
    expect(await readStorage(page, 'user')).toBeNull();
    expect(await readStorage(page, 'theme')).toBe('light');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('staff panels', () => {
  test('an administrator lands on Statistics after signing in and can switch to the user panel', async ({ page }) => {
    await login(page, 'admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
    expect(await readStorage(page, 'showAdmin')).toBe('true');
    await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
    await expect(page.getByText('Sign-ups and paying customers')).toBeVisible();
    // Spec §4: toggling the theme in the admin header reloads the page.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Theme: Light' }).click()]);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByText('Sign-ups and paying customers')).toBeVisible();
    await page.getByRole('link', { name: 'User Management' }).click();
    // Other tests add accounts, so the demo customer is found by search rather than on page 1.
    await page.getByPlaceholder('Search by username, email or id').fill('customer@tollgate.local');
    await expect(page.getByRole('cell', { name: /customer@tollgate\.local/ })).toBeVisible();
    await page.getByRole('button', { name: 'Go to User Panel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    expect(await readStorage(page, 'showAdmin')).toBeNull();
    await page.getByRole('button', { name: 'Go to Admin Panel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
  });

  test('a manager lands on User Management, not Statistics', async ({ page }) => {
    await login(page, 'manager');
    await expect(page).toHaveURL((url) => url.pathname === '/admin/accounts');
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Statistics' })).toHaveCount(0);
  });

  test('support lands on the Management panel', async ({ page }) => {
    await login(page, 'support');
    await expect(page).toHaveURL((url) => url.pathname === '/support/trialpage');
    expect(await readStorage(page, 'showSupport')).toBe('true');
    await expect(page.getByRole('heading', { name: 'Management panel', level: 1 })).toBeVisible();
    await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to Admin Panel' })).toHaveCount(0);
  });

  test('a reseller API account lands in its own panel and is sent back there from the customer area', async ({
    page,
  }) => {
    await login(page, 'reseller', { expectPath: '/reseller/panel' });
    await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Deposit' })).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/reseller/panel');
    await expect(page.getByText('Reseller accounts use the reseller panel', { exact: false })).toBeVisible();
    // Still signed in: nothing signs a reseller out but its own logout.
    expect(await readStorage(page, 'accessToken')).not.toBeNull();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL((url) => url.pathname === '/reseller/panel');
  });

  test('a customer who opens the reseller panel is sent to the reseller programme, told why', async ({ page }) => {
    await login(page, 'customer');
    await page.goto('/reseller/panel');
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/reseller-dashboard');
    await expect(page.getByText('The reseller panel is for reseller API accounts.')).toBeVisible();
  });
});
