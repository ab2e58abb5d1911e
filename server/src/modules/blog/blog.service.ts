import {
  AUTHOR_PIC_SIZE,
  BANNER_WIDTHS,
  BLOG_SLUG_TAKEN,
  UNKNOWN_CATEGORY,
  UNKNOWN_POST,
  blogInputSchema,
  type BlogPost,
  type BlogSummary,
  type PublicBlogPost,
  type PublicBlogSummary,
} from '@tollgate/contract/content/blog';
import { readingMinutes } from '@tollgate/contract/content/markdown';
import { slugify } from '@tollgate/contract/content/slugify';
import type { z } from 'zod';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { pgErrorField, PG_UNIQUE_VIOLATION } from '#platform/db/errors.ts';
import { notFound, validationError } from '#platform/http/errors.ts';
import type { FormImage } from '#platform/http/multipart-form.ts';
import type { SitemapSource } from '#platform/http/public-site.ts';
import { randomSuffix } from '#platform/random.ts';
import { reencodeImage } from '#platform/storage/image-reencode.ts';
import type { Uploads } from '#platform/storage/uploads.ts';
import { blogRepository as repo, type PostRow, type PostValues } from './blog.repository';
import { excerptOf, renderSafe } from './blog-render';

export interface BlogDeps {
  db: Db;
  uploads: Uploads;
}
type Input = z.output<typeof blogInputSchema>;
type Images = Partial<Record<'banner' | 'authorPic', FormImage>>;
const RELATED = 3;
const TOO_MANY_PIXELS = 'The image is over 40 megapixels; upload a smaller one';
const NOT_DECODABLE = 'The image could not be read; upload a PNG, JPEG, WebP or GIF image';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fieldError = (field: string, message: string) => validationError([{ path: `body.${field}`, message }]);

function summaryOf(row: PostRow, categories: Map<string, BlogSummary['category']>): PublicBlogSummary {
  return {
    id: row.id,
    title: row.title,
    slugvalue: row.slug,
    author: row.author,
    authorPic: row.authorPicUrl,
    excerpt: row.excerpt,
    category: categories.get(row.id) ?? [],
    banner: row.bannerUrl && row.bannerSmallUrl ? { url: row.bannerUrl, small: row.bannerSmallUrl } : null,
    readingMinutes: row.readingMinutes,
    publishedAt: iso(row.publishedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const staffSummaryOf = (row: PostRow, categories: Map<string, BlogSummary['category']>): BlogSummary => ({
  ...summaryOf(row, categories),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a post: everything but the long texts, whose length it notes. */
const auditView = (row: PostRow, categoryIds: string[]) => ({
  title: row.title,
  slug: row.slug,
  author: row.author,
  status: row.status,
  publishedAt: iso(row.publishedAt),
  excerpt: row.excerpt,
  faqCount: row.faq.length,
  descriptionLength: row.description.length,
  conclusionLength: row.conclusion.length,
  categoryIds,
  banner: row.bannerUrl,
  authorPic: row.authorPicUrl,
});

/** Re-encoded, resized copies of the uploaded images, saved under server-chosen names. */
async function storeImages(uploads: Uploads, images: Images) {
  const made: Partial<Pick<PostValues, 'bannerUrl' | 'bannerSmallUrl' | 'authorPicUrl'>> = {};
  const saved: string[] = [];
  const encode = async (field: string, image: FormImage, box: number, fit: 'inside' | 'cover') => {
    const out = await reencodeImage(image.bytes, box, fit);
    if (!out.ok) throw fieldError(field, out.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : NOT_DECODABLE);
    return out;
  };
  // Every image is decoded before any is saved, so a bad second image leaves no file behind.
  const banner = images.banner
    ? await Promise.all(BANNER_WIDTHS.map((width) => encode('banner', images.banner!, width, 'inside')))
    : null;
  const author = images.authorPic ? await encode('authorPic', images.authorPic, AUTHOR_PIC_SIZE, 'cover') : null;
  if (banner) {
    const [small, large] = banner;
    made.bannerSmallUrl = await uploads.save('blog', small!.bytes, small!.type, 'banner-800');
    made.bannerUrl = await uploads.save('blog', large!.bytes, large!.type, 'banner-1600');
    saved.push(made.bannerSmallUrl, made.bannerUrl);
  }
  if (author) {
    made.authorPicUrl = await uploads.save('blog', author.bytes, author.type, 'author');
    saved.push(made.authorPicUrl);
  }
  return { made, saved };
}

export function createBlogService(deps: BlogDeps) {
  const { db, uploads } = deps;

  async function withCategories(rows: PostRow[]) {
    return repo.categoriesOf(
      db,
      rows.map((row) => row.id),
    );
  }

  async function staffView(row: PostRow): Promise<BlogPost> {
    const categories = await withCategories([row]);
    return {
      ...staffSummaryOf(row, categories),
      excerptWritten: row.excerptWritten,
      description: row.description,
      conclusion: row.conclusion,
      faq: row.faq,
      toc: row.toc.map(({ id, text, level }) => ({ id, text, level })),
    };
  }

  /** Everything derived from the texts: table of contents, excerpt, reading time. */
  function derived(input: Input) {
    const body = renderSafe(input.description);
    const conclusion = renderSafe(input.conclusion);
    const faqText = input.faq.map((item) => `${item.question} ${item.answer}`).join(' ');
    return {
      toc: body.headings.filter((heading) => heading.level <= 3),
      excerpt: input.excerpt || excerptOf(body.text),
      readingMinutes: readingMinutes(`${body.text} ${conclusion.text} ${faqText}`),
    };
  }

  async function chooseSlug(tx: DbOrTx, input: Input, before: PostRow | undefined, attempt: number) {
    const postId = before?.id;
    // An edit that leaves the slug empty keeps the post's address.
    if (!input.slugvalue && before) return before.slug;
    if (input.slugvalue) {
      const taken = await repo.slugsLike(tx, input.slugvalue, postId);
      if (taken.has(input.slugvalue)) throw fieldError('slugvalue', BLOG_SLUG_TAKEN);
      return input.slugvalue;
    }
    const base = slugify(input.title) || `post-${randomSuffix().toLowerCase()}`;
    const taken = await repo.slugsLike(tx, base, postId);
    let n = 1 + attempt;
    let slug = attempt ? `${base}-${n}` : base;
    while (taken.has(slug)) slug = `${base}-${++n}`;
    return slug;
  }

  /**
   * One write: checks, then the row and its categories in a transaction. A slug made from the title
   * that a concurrent write took in the meantime is made again (unique index); a slug the editor
   * typed is refused with a 400 instead.
   */
  async function write(actorId: string, input: Input, images: Images, postId?: string): Promise<BlogPost> {
    const known = await repo.categoryIdsThatExist(db, input.category);
    const unknown = input.category.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw fieldError(`category.${unknown}`, UNKNOWN_CATEGORY);
    const facts = derived(input);
    const { made, saved } = await storeImages(uploads, images);
    let replaced: Array<string | null> = [];
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await db.transaction(async (tx) => {
            const before = postId ? await repo.find(tx, postId, { forUpdate: true }) : undefined;
            if (postId && !before) throw notFound(UNKNOWN_POST);
            const beforeCategories = before ? ((await repo.categoriesOf(tx, [before.id])).get(before.id) ?? []) : [];
            const publishedAt =
              input.publishedAt !== null
                ? new Date(input.publishedAt)
                : (before?.publishedAt ?? (input.status === 'published' ? new Date() : null));
            const values: PostValues = {
              title: input.title,
              slug: await chooseSlug(tx, input, before, attempt),
              author: input.author,
              description: input.description,
              conclusion: input.conclusion,
              excerpt: facts.excerpt,
              excerptWritten: input.excerpt !== '',
              faq: input.faq,
              toc: facts.toc,
              readingMinutes: facts.readingMinutes,
              status: input.status,
              publishedAt,
              bannerUrl: made.bannerUrl ?? (input.removeBanner ? null : (before?.bannerUrl ?? null)),
              bannerSmallUrl: made.bannerSmallUrl ?? (input.removeBanner ? null : (before?.bannerSmallUrl ?? null)),
              authorPicUrl: made.authorPicUrl ?? (input.removeAuthorPic ? null : (before?.authorPicUrl ?? null)),
              updatedAt: new Date(),
            };
            const row = before
              ? (await repo.update(tx, before.id, values))!
              : await repo.insert(tx, { ...values, createdBy: actorId });
            await repo.setCategories(tx, row.id, input.category);
            await audit(tx, {
              actorId,
              action: before ? 'blog.update' : 'blog.create',
              targetType: 'blog',
              targetId: row.id,
              before: before
                ? auditView(
                    before,
                    beforeCategories.map((category) => category.id),
                  )
                : null,
              after: auditView(row, input.category),
            });
            if (before) {
              replaced = [
                before.bannerUrl !== row.bannerUrl ? before.bannerUrl : null,
                before.bannerSmallUrl !== row.bannerSmallUrl ? before.bannerSmallUrl : null,
                before.authorPicUrl !== row.authorPicUrl ? before.authorPicUrl : null,
              ];
            }
            return row;
          });
          await Promise.all(replaced.map((url) => uploads.remove(url)));
          return staffView(row);
        } catch (error) {
          const slugRace =
            pgErrorField(error, 'code') === PG_UNIQUE_VIOLATION &&
            pgErrorField(error, 'constraint') === 'blog_posts_slug_key';
          if (!slugRace) throw error;
          if (input.slugvalue || attempt >= 5) throw fieldError('slugvalue', BLOG_SLUG_TAKEN);
        }
      }
    } catch (error) {
      await Promise.all(saved.map((url) => uploads.remove(url)));
      throw error;
    }
  }

  return {
    create: (actorId: string, input: Input, images: Images) => write(actorId, input, images),
    update: (actorId: string, id: string, input: Input, images: Images) => write(actorId, input, images, id),

    async get(id: string): Promise<BlogPost> {
      const row = await repo.find(db, id);
      if (!row) throw notFound(UNKNOWN_POST);
      return staffView(row);
    },

    async list(query: Parameters<typeof repo.list>[1]) {
      const { rows, total } = await repo.list(db, query);
      const categories = await withCategories(rows);
      return { items: rows.map((row) => staffSummaryOf(row, categories)), total, page: query.page, size: query.size };
    },

    async remove(actorId: string, id: string) {
      const row = await db.transaction(async (tx) => {
        const categories = (await repo.categoriesOf(tx, [id])).get(id) ?? [];
        const removed = await repo.remove(tx, id);
        if (!removed) throw notFound(UNKNOWN_POST);
        await audit(tx, {
          actorId,
          action: 'blog.delete',
          targetType: 'blog',
          targetId: id,
          before: auditView(
            removed,
            categories.map((category) => category.id),
          ),
        });
        return removed;
      });
      await Promise.all([row.bannerUrl, row.bannerSmallUrl, row.authorPicUrl].map((url) => uploads.remove(url)));
      return null;
    },

    async publicList(query: { page: number; size: number; search?: string; category?: string }) {
      const [{ rows, total }, categories] = await Promise.all([
        repo.listVisible(db, { ...query, categorySlug: query.category }),
        repo.visibleCategories(db),
      ]);
      const byPost = await withCategories(rows);
      return {
        items: rows.map((row) => summaryOf(row, byPost)),
        total,
        page: query.page,
        size: query.size,
        categories,
      };
    },

    async publicGet(idOrSlug: string): Promise<PublicBlogPost> {
      const row = await repo.findVisible(db, idOrSlug);
      if (!row) throw notFound(UNKNOWN_POST);
      const related = await repo.related(db, row.id, RELATED);
      const categories = await withCategories([row, ...related]);
      const body = renderSafe(row.description);
      return {
        ...summaryOf(row, categories),
        body: body.blocks,
        conclusion: renderSafe(row.conclusion).blocks,
        faq: row.faq,
        toc: row.toc.map(({ id, text, level }) => ({ id, text, level })),
        related: related.map((post) => summaryOf(post, categories)),
      };
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;

/** The blog index and every readable post, for sitemap.xml. */
export function blogSitemap(db: Db): SitemapSource {
  return async () => [
    { path: '/blog' },
    ...(await repo.sitemap(db)).map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt.toISOString(),
    })),
  ];
}
