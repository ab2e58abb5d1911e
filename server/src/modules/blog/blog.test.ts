import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#platform/db/schema.ts';
import { createTestServer, type TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: string;
let manager: string;
let user: string;
let support: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
  user = await server.tokenFor(await server.buildAccount({ role: 'User' }));
  support = await server.tokenFor(await server.buildAccount({ role: 'Support' }));
});
afterAll(() => server.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
type Files = Record<string, { bytes: Buffer | string; name?: string; type?: string }>;

/** A blog write as the editor sends it: the fields as JSON in "data", images beside them. */
async function send(method: 'POST' | 'PATCH', token: string | null, data: unknown, files: Files = {}) {
  const form = new FormData();
  if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  for (const [field, file] of Object.entries(files))
    form.append(
      field,
      new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)], {
        type: file.type ?? 'image/png',
      }),
      file.name ?? `${field}.png`,
    );
  const res = await fetch(`${server.url}/api/v1/admin/blogs`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { message: string; payload: any } };
}

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Rotating residential proxies, explained',
  author: 'Dana Proxyworth',
  description:
    '## Why rotate\n\nEvery request leaves from a **new** address.\n\n### Sticky sessions\n\nKeep one IP for 30 minutes.',
  ...overrides,
});
const fieldsOf = (body: { payload: any }) =>
  Object.fromEntries(body.payload.fields.map((f: any) => [f.path, f.message]));
const uploadsDir = () => path.join(server.config.DATA_DIR, 'uploads', 'blog');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

describe('who may use the blog calls', () => {
  it('refuses admin calls without a token, and to customers and support; Managers and Administrators may', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/api/v1/admin/blogs'],
      ['GET', '/api/v1/admin/blogs/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/v1/admin/blogs/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/v1/admin/categories'],
      ['POST', '/api/v1/admin/categories'],
      ['PATCH', '/api/v1/admin/categories/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/v1/admin/categories/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url] of calls) {
      const body = method === 'POST' || method === 'PATCH' ? { name: 'x' } : undefined;
      expect((await server.request(method, url, { body })).body.message, url).toBe('unauthorized');
      expect((await server.request(method, url, { token: user, body })).status, url).toBe(403);
      expect((await server.request(method, url, { token: support, body })).body.message, url).toBe('forbidden');
    }
    for (const method of ['POST', 'PATCH'] as const) {
      expect((await send(method, null, post())).status).toBe(403);
      expect((await send(method, user, post())).body.message).toBe('forbidden');
      expect((await send(method, support, post())).body.message).toBe('forbidden');
    }
    expect((await server.request('GET', '/api/v1/admin/blogs', { token: manager })).status).toBe(200);
    expect((await server.request('GET', '/api/v1/admin/categories', { token: admin })).status).toBe(200);
    expect((await send('POST', manager, post({ title: 'Written by a manager' }))).status).toBe(200);
  });
});

describe('writing a post', () => {
  it('creates a draft without images: slug from the title, table of contents from the headings, audited', async () => {
    const { status, body } = await send('POST', admin, post({ toc: [{ id: 'forged', text: 'Forged', level: 2 }] }));
    expect(status).toBe(200);
    expect(body.message).toBe('Blog created');
    const created = body.payload;
    expect(created).toMatchObject({
      slugvalue: 'rotating-residential-proxies-explained',
      status: 'draft',
      publishedAt: null,
      banner: null,
      authorPic: null,
      readingMinutes: 1,
      excerpt: 'Why rotate Every request leaves from a new address. Sticky sessions Keep one IP for 30 minutes.',
    });
    expect(created.excerptWritten).toBe(false);
    // A written excerpt is kept as written; cleared again, it follows the body.
    const written = await send('PATCH', admin, { ...post({ excerpt: 'Rotation, briefly.' }), id: created.id });
    expect(written.body.payload).toMatchObject({ excerpt: 'Rotation, briefly.', excerptWritten: true });
    const cleared = await send('PATCH', admin, { ...post({ description: 'New body text.' }), id: created.id });
    expect(cleared.body.payload).toMatchObject({ excerpt: 'New body text.', excerptWritten: false });
    expect(created.toc).toEqual([
      { id: 'why-rotate', text: 'Why rotate', level: 2 },
      { id: 'sticky-sessions', text: 'Sticky sessions', level: 3 },
    ]);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'blog.create'), eq(auditLog.targetId, created.id)));
    expect(rows).toHaveLength(1);

    // A draft is nobody's business but staff's.
    expect((await server.request('GET', `/api/v1/public/blogs/${created.id}`)).status).toBe(404);
    expect((await server.request('GET', `/api/v1/public/blogs/${created.slugvalue}`)).status).toBe(404);
    const list = await server.request('GET', '/api/v1/public/blogs');
    expect(list.body.payload.items.map((item: any) => item.id)).not.toContain(created.id);
    expect(
      (await server.request('GET', `/api/v1/admin/blogs/${created.id}`, { token: manager })).body.payload.title,
    ).toBe(created.title);
  });

  it('keeps a banner in two web widths and a square author picture, served with long cache headers', async () => {
    const { status, body } = await send('POST', admin, post({ title: 'With pictures', status: 'published' }), {
      banner: { bytes: await png(2400, 1200) },
      authorPic: { bytes: await png(600, 400), name: 'me.jpg', type: 'image/jpeg' },
    });
    expect(status).toBe(200);
    const { banner, authorPic } = body.payload;
    const sizes = [];
    for (const url of [banner.url, banner.small, authorPic]) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      sizes.push([meta.width, meta.height]);
    }
    expect(sizes).toEqual([
      [1600, 800],
      [800, 400],
      [128, 128],
    ]);

    // Only a banner on an edit: the author picture stays; removing the banner deletes its files.
    const edited = await send(
      'PATCH',
      admin,
      { ...post({ title: 'With pictures', status: 'published' }), id: body.payload.id },
      {
        banner: { bytes: await png(1000, 500) },
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.payload.authorPic).toBe(authorPic);
    expect(edited.body.payload.banner.url).not.toBe(banner.url);
    expect((await fetch(`${server.url}${banner.url}`)).status).toBe(404);
    const kept = await send('PATCH', admin, { ...post({ title: 'With pictures' }), id: body.payload.id });
    expect(kept.body.payload.banner).toEqual(edited.body.payload.banner);
    const removed = await send('PATCH', admin, {
      ...post({ title: 'With pictures' }),
      id: body.payload.id,
      removeBanner: true,
    });
    expect(removed.body.payload.banner).toBeNull();
    expect(removed.body.payload.authorPic).toBe(authorPic);
    expect((await fetch(`${server.url}${edited.body.payload.banner.url}`)).status).toBe(404);
  });

  it('refuses an oversize image, a disguised file and an unknown field, and stores nothing', async () => {
    const before = storedFiles().length;
    const count = async () =>
      (await server.request('GET', '/api/v1/admin/blogs?size=100', { token: admin })).body.payload.total;
    const posts = await count();

    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const oversize = await send('POST', admin, post({ title: 'Oversize' }), { banner: { bytes: huge } });
    expect(oversize.status).toBe(400);
    expect(fieldsOf(oversize.body)).toMatchObject({ 'body.banner': 'The image is larger than 5 MB' });

    const script = await send('POST', admin, post({ title: 'Disguised' }), {
      authorPic: { bytes: '<script>alert(1)</script>', name: 'me.png', type: 'image/png' },
    });
    expect(script.status).toBe(400);
    expect(fieldsOf(script.body)).toMatchObject({ 'body.authorPic': 'Upload a PNG, JPEG, WebP or GIF image' });

    const svg = await send('POST', admin, post({ title: 'SVG' }), {
      banner: {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        name: 'b.svg',
        type: 'image/svg+xml',
      },
    });
    expect(fieldsOf(svg.body)).toMatchObject({ 'body.banner': 'Upload a PNG, JPEG, WebP or GIF image' });

    const wrongField = await send('POST', admin, post({ title: 'Wrong field' }), {
      file: { bytes: await png(10, 10) },
    });
    expect(wrongField.status).toBe(400);
    expect(fieldsOf(wrongField.body)['body.file']).toMatch(/Unknown file field "file"/);

    const valid = await png(100, 50);
    const three = await send('POST', admin, post({ title: 'Two banners' }), {
      banner: { bytes: valid },
      authorPic: { bytes: valid },
    });
    expect(three.status).toBe(200); // both fields once is fine
    await server.request('DELETE', `/api/v1/admin/blogs/${three.body.payload.id}`, { token: admin });

    expect(await count()).toBe(posts);
    expect(storedFiles().length).toBe(before);
  });

  it('answers 400 naming the field for bad input, never a 500', async () => {
    const missing = await send('POST', admin, undefined, { banner: { bytes: await png(10, 10) } });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toHaveProperty('body.data');
    const notJson = await send('POST', admin, '{title:');
    expect(fieldsOf(notJson.body)).toEqual({ 'body.data': '"data" is not valid JSON' });
    const empty = await send('POST', admin, {});
    expect(Object.keys(fieldsOf(empty.body)).sort()).toEqual(['body.author', 'body.description', 'body.title']);
    const control = await send('POST', admin, post({ title: 'Bad\u0000title' }));
    expect(fieldsOf(control.body)).toEqual({ 'body.title': 'Contains a control character' });
    const slug = await send('POST', admin, post({ slugvalue: 'Not A Slug!' }));
    expect(fieldsOf(slug.body)).toHaveProperty('body.slugvalue');
    const tooMany = await send(
      'POST',
      admin,
      post({ category: Array.from({ length: 50 }, () => crypto.randomUUID()) }),
    );
    expect(fieldsOf(tooMany.body)).toEqual({ 'body.category': 'At most 10 categories' });
    const unknownCategory = await send('POST', admin, post({ category: [crypto.randomUUID()] }));
    expect(fieldsOf(unknownCategory.body)).toEqual({ 'body.category.0': 'Unknown category' });
    const huge = await send('POST', admin, post({ description: 'x'.repeat(100_001) }));
    expect(huge.status).toBe(400);
    const nobody = await send('PATCH', admin, { ...post(), id: crypto.randomUUID() });
    expect(nobody.status).toBe(404);
    const badId = await send('PATCH', admin, { ...post(), id: 'nope' });
    expect(fieldsOf(badId.body)).toEqual({ 'body.id': 'Unknown post' });
    const json = await server.request('POST', '/api/v1/admin/blogs', { token: admin, body: post() });
    expect(json.status).toBe(400);
    expect((await server.request('GET', '/api/v1/admin/blogs/not-a-uuid', { token: admin })).status).toBe(400);
    expect((await server.request('GET', `/api/v1/public/blogs/${'x'.repeat(500)}`)).status).toBeLessThan(500);
  });
});

describe('what readers get', () => {
  it('renders a post with <script> and onerror= harmless in the public HTML', async () => {
    const description = [
      '## Setup <script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3)) and [ok](https://example.com/a?b=1&c=2)',
      '<a href="javascript:alert(4)" onclick="alert(5)">raw</a>',
      '![pic](https://example.com/p.png "t") ![bad](javascript:alert(6))',
    ].join('\n\n');
    const { body } = await send('POST', admin, post({ title: 'Hostile', description, status: 'published' }));
    expect(body.payload.description).toBe(description); // stored as written (Markdown), rendered safely
    const read = await server.request('GET', `/api/v1/public/blogs/${body.payload.slugvalue}`);
    expect(read.status).toBe(200);
    const html = read.body.payload.body.map((block: any) => block.html ?? '').join('\n');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<a[^>]*onclick/i);
    expect(html).not.toMatch(/<(a|img)[^>]*(href|src)="javascript:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">ok</a>');
  });

  it('publishes: found by id and slug, listed by category with reading time, related posts, media links as blocks', async () => {
    const category = (
      await server.request('POST', '/api/v1/admin/categories', { token: admin, body: { name: 'Guides & Setup' } })
    ).body.payload;
    expect(category.slug).toBe('guides-setup');
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    const first = await send(
      'POST',
      admin,
      post({ title: 'First guide', category: [category.id], status: 'published', description: words }),
    );
    const second = await send(
      'POST',
      admin,
      post({
        title: 'Second guide',
        category: [category.id],
        status: 'published',
        description: 'Watch this:\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\nThen this.',
        faq: [{ question: 'Does it rotate?', answer: 'Every request.' }],
      }),
    );
    expect(first.body.payload.readingMinutes).toBe(3);
    expect(first.body.payload.publishedAt).not.toBeNull();

    const list = await server.request('GET', `/api/v1/public/blogs?category=${category.slug}`);
    expect(list.body.payload.items.map((item: any) => item.title)).toEqual(['Second guide', 'First guide']);
    expect(list.body.payload.categories).toContainEqual({ ...category, postCount: 2, createdAt: undefined });

    const byId = await server.request('GET', `/api/v1/public/blogs/${second.body.payload.id}`);
    const bySlug = await server.request('GET', '/api/v1/public/blogs/second-guide');
    expect(byId.body.payload).toEqual(bySlug.body.payload);
    expect(bySlug.body.payload.body).toEqual([
      { type: 'html', html: '<p>Watch this:</p>' },
      { type: 'media', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { type: 'html', html: '<p>Then this.</p>' },
    ]);
    expect(bySlug.body.payload.faq).toEqual([{ question: 'Does it rotate?', answer: 'Every request.' }]);
    expect(bySlug.body.payload.related[0].title).toBe('First guide');
    expect(bySlug.body.payload).not.toHaveProperty('status');
    const sitemap = async () => (await server.request('GET', '/sitemap.xml')).text;
    expect(await sitemap()).toMatch(/<loc>[^<]*\/blog\/second-guide<\/loc><lastmod>/);
    expect(await sitemap()).toContain('/blog/first-guide</loc>');

    // Back to draft: gone for readers at once.
    await send('PATCH', admin, { ...post({ title: 'Second guide', status: 'draft' }), id: second.body.payload.id });
    expect((await server.request('GET', '/api/v1/public/blogs/second-guide')).status).toBe(404);
    // Dated in the future: scheduled, not shown yet.
    await send('PATCH', admin, {
      ...post({
        title: 'First guide',
        status: 'published',
        publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
      id: first.body.payload.id,
    });
    expect((await server.request('GET', '/api/v1/public/blogs/first-guide')).status).toBe(404);
    // Neither a draft nor a scheduled post is offered to crawlers.
    expect(await sitemap()).not.toContain('/blog/second-guide<');
    expect(await sitemap()).not.toContain('/blog/first-guide<');
    expect(await sitemap()).toMatch(/<loc>[^<]*\/blog<\/loc>/);
  });
});

describe('slugs', () => {
  it('refuses a slug another post uses and numbers ones made from the same title, even at the same moment', async () => {
    const a = await send('POST', admin, post({ title: 'Unique one', slugvalue: 'taken-slug' }));
    expect(a.status).toBe(200);
    const b = await send('POST', admin, post({ title: 'Unique two', slugvalue: 'TAKEN-slug' }));
    expect(b.status).toBe(400);
    expect(fieldsOf(b.body)).toEqual({ 'body.slugvalue': 'Another post already uses this slug' });
    // Editing a post and keeping its own slug is fine.
    expect((await send('PATCH', admin, { ...post({ slugvalue: 'taken-slug' }), id: a.body.payload.id })).status).toBe(
      200,
    );

    const together = await Promise.all(
      Array.from({ length: 4 }, () => send('POST', admin, post({ title: 'Same title' }))),
    );
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const slugs = together.map((r) => r.body.payload.slugvalue).sort();
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3', 'same-title-4']);

    const racing = await Promise.all(
      Array.from({ length: 3 }, () => send('POST', admin, post({ slugvalue: 'raced-slug' }))),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });
});

describe('categories', () => {
  it('adds, renames, refuses duplicates and detaches a deleted category from its posts; all audited', async () => {
    const made = await server.request('POST', '/api/v1/admin/categories', {
      token: manager,
      body: { name: 'Scraping' },
    });
    expect(made.body).toMatchObject({
      message: 'Category created',
      payload: { name: 'Scraping', slug: 'scraping', postCount: 0 },
    });
    const id = made.body.payload.id;
    const dup = await server.request('POST', '/api/v1/admin/categories', { token: admin, body: { name: 'SCRAPING' } });
    expect(dup.status).toBe(400);
    expect(dup.body.payload.fields).toEqual([
      { path: 'body.name', message: 'A category with this name or slug already exists' },
    ]);
    const empty = await server.request('POST', '/api/v1/admin/categories', { token: admin, body: { name: '  ' } });
    expect(empty.body.payload.fields[0]).toEqual({ path: 'body.name', message: 'Write the name' });

    const renamed = await server.request('PATCH', `/api/v1/admin/categories/${id}`, {
      token: admin,
      body: { name: 'Web scraping', slug: 'web-scraping' },
    });
    expect(renamed.body.payload).toMatchObject({ name: 'Web scraping', slug: 'web-scraping' });

    const tagged = await send('POST', admin, post({ title: 'Tagged post', category: [id] }));
    const listed = await server.request('GET', '/api/v1/admin/categories?size=0', { token: admin });
    expect(listed.body.payload.items.find((c: any) => c.id === id).postCount).toBe(1);
    const filtered = await server.request('GET', `/api/v1/admin/blogs?category=${id}`, { token: admin });
    expect(filtered.body.payload.items.map((p: any) => p.id)).toEqual([tagged.body.payload.id]);

    expect((await server.request('DELETE', `/api/v1/admin/categories/${id}`, { token: admin })).body.message).toBe(
      'Category deleted',
    );
    const after = await server.request('GET', `/api/v1/admin/blogs/${tagged.body.payload.id}`, { token: admin });
    expect(after.body.payload.category).toEqual([]);
    expect((await server.request('DELETE', `/api/v1/admin/categories/${id}`, { token: admin })).status).toBe(404);
    const audits = await server.database.db.select().from(auditLog).where(like(auditLog.action, 'blog.category.%'));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['blog.category.create', 'blog.category.update', 'blog.category.delete']),
    );
  });

  it('deletes a post with its images, audited', async () => {
    const made = await send('POST', admin, post({ title: 'Doomed' }), { banner: { bytes: await png(300, 100) } });
    const { id, banner } = made.body.payload;
    const gone = await server.request('DELETE', `/api/v1/admin/blogs/${id}`, { token: manager });
    expect(gone.body.message).toBe('Blog deleted');
    expect((await server.request('GET', `/api/v1/admin/blogs/${id}`, { token: admin })).status).toBe(404);
    expect((await fetch(`${server.url}${banner.small}`)).status).toBe(404);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'blog.delete'), eq(auditLog.targetId, id)));
    expect(rows).toHaveLength(1);
  });
});
