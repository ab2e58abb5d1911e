import { buyResidential, expect, fundedCustomer, test } from '../fixtures.ts';

test('/guide lands on the extension guide, whose walkthrough loads its player only after a click', async ({ page }) => {
  const framed: string[] = [];
  page.on('request', (request) => {
    if (/youtube|ytimg|vimeo|soundcloud/.test(new URL(request.url()).host)) framed.push(request.url());
  });
  await page.goto('/guide');
  await expect(page).toHaveURL(/\/guide\/tollgate-extension$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tollgate browser extension' })).toBeVisible();
  await expect(page).toHaveTitle('Tollgate browser extension setup guide · Tollgate');
  await expect(page.getByRole('navigation', { name: 'Setup guides' }).getByRole('link')).toHaveCount(17);

  const play = page.getByRole('button', { name: /^Play Setting up the Tollgate extension/ });
  await expect(play).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(framed).toEqual([]);

  await play.click();
  const player = page.locator('iframe[title="Setting up the Tollgate extension"]');
  await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?.*start=42/);
});

test('a signed-in customer with a plan sees their own host, port and username in a guide', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await fundedCustomer(page, request, 'guides', 20);
  const subscriptionId = await buyResidential(page);

  // The generator links to the guides for this very plan.
  await page.goto(`/generator/${subscriptionId}`);
  await page.getByRole('link', { name: 'FoxyProxy' }).click();
  await expect(page).toHaveURL(new RegExp(`/guide/foxy-proxy\\?plan=${subscriptionId}$`));

  const values = page.getByTestId('proxy-values');
  await expect(values.getByRole('heading', { name: 'Your connection values' })).toBeVisible();
  await expect(values).toContainText(/Username\s*tg\w+/);
  const username = (await values
    .getByText(/^tg\w+$/)
    .first()
    .textContent())!;
  // The steps and the settings drawing use the same username; the password stays hidden until asked.
  await expect(page.getByTestId('guide-steps').getByText(username, { exact: true }).first()).toBeVisible();
  await expect(values).not.toContainText('USERNAME');
  await expect(values).toContainText('••••');
});

test('public pages answer their title, canonical URL and main text as HTML, without running JavaScript', async ({
  request,
  baseURL,
}) => {
  const pages: Array<[string, string, string]> = [
    ['/', 'Tollgate · Proxies for every workload', 'Ready when your crawler is'],
    ['/faqs', 'Frequently asked questions · Tollgate', 'Frequently asked questions'],
    ['/status', 'Service status · Tollgate', 'Is everything running?'],
    ['/pricing', 'Pricing · Tollgate', 'Pay for what you use, see it before you sign up'],
    ['/cookie-policy', 'Cookie policy · Tollgate', 'We do not use advertising or cross-site tracking cookies'],
    [
      '/privacy-policy-extension',
      'Browser extension privacy policy · Tollgate',
      'It does not share any data with third parties.',
    ],
    ['/guide/tollgate-extension', 'Tollgate browser extension setup guide · Tollgate', 'Enter your proxy credentials'],
    ['/guide/android', 'Android setup guide · Tollgate', 'Whitelist the phone’s IP (recommended)'],
    ['/guide/integration-codes', 'Integration code samples setup guide · Tollgate', 'Go (net/http)'],
  ];
  for (const [path, title, text] of pages) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
    expect(html, path).toContain('<meta property="og:title"');
    expect(html, path).toContain(text);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap.match(/<loc>[^<]+\/guide\/[^<]+<\/loc>/g)).toHaveLength(17);
});
