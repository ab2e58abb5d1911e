import { expect, login, test } from '../fixtures.ts';
import { demoBannerPng } from '../pages.mjs';

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an editor adds a category and publishes a post with a banner and a YouTube link; the blog shows it', async ({
  page,
}) => {
  const run = suffix();
  const categoryName = `Scraping ${run}`;
  const title = `Scraping with rotating proxies ${run}`;
  await login(page, 'manager');

  // The category first, on its own screen.
  await page.goto('/admin/category');
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(categoryName);
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('cell', { name: categoryName, exact: true })).toBeVisible();

  // Then the post, from the list's "New post".
  await page.goto('/admin/blogs');
  await page.getByRole('link', { name: 'New post' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Post body', { exact: true })
    .fill(
      `Rotation gives each request a new address.\n\n## Set the proxy\n\nUse the **host** and port from the generator.\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n## Check the IP\n\nCall an IP echo service twice.`,
    );
  // The live preview renders it as the page will.
  await expect(
    form.getByRole('region', { name: 'Post body preview' }).getByRole('heading', { name: 'Set the proxy' }),
  ).toBeAttached();
  await form.getByRole('button', { name: categoryName }).click();
  await form.getByLabel('Banner', { exact: true }).setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: demoBannerPng(),
  });
  await expect(form.getByRole('img', { name: 'Banner preview' })).toBeVisible();
  await form.getByLabel('Status').selectOption('published');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/edit\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The public index lists it under its category.
  await page.goto('/blog');
  await page.getByRole('link', { name: new RegExp(`^${categoryName}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await page.getByRole('link', { name: title }).click();

  // The post: its slug address, table of contents, banner in two widths, the video link.
  const slug = `scraping-with-rotating-proxies-${run}`;
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Table of contents' });
  await expect(toc.getByRole('link')).toHaveText(['Set the proxy', 'Check the IP']);
  await expect(page.locator('article img[fetchpriority="high"][srcset*="800w"][srcset*="1600w"]')).toBeVisible();
  // The video waits behind its facade: no third-party player until the reader presses play.
  const play = page.getByRole('button', { name: /^Play YouTube video/ });
  await expect(play).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await play.click();
  await expect(page.locator('iframe')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
  );

  // Search engines find it: sitemap.xml lists the post at its slug address.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/blog/${slug}</loc>`);

  // Reached by its id, the page names the slug address as canonical.
  await page.goto(`/blog/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${slug}$`));
});

test('a draft is not on the blog, and the editor warns before leaving unsaved changes', async ({ page }) => {
  const title = `Draft only ${suffix()}`;
  await login(page, 'admin');
  await page.goto('/admin/blogs/create');
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Post body', { exact: true }).fill('Not for readers yet.');
  await page.getByRole('link', { name: 'Blogs' }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/edit\//);
  const id = new URL(page.url()).pathname.split('/').at(-1)!;

  await page.goto(`/blog/${id}`);
  await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
