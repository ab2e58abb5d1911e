import type { BlogCategory, BlogStatus } from '@tollgate/contract/content/blog';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage, type PageRequest } from '#platform/db/page.ts';
import { containsPattern } from '#platform/db/search.ts';
import { blogCategories, blogPostCategories, blogPosts } from './blog.schema';

export type PostRow = typeof blogPosts.$inferSelect;
export type PostValues = Omit<typeof blogPosts.$inferInsert, 'id' | 'createdAt'>;
export type CategoryRow = typeof blogCategories.$inferSelect;

/** What the public sees: published, and not dated in the future (a scheduled post). */
const visible = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, sql`now()`))!;
const inCategory = (categoryId: SQL | string) =>
  sql`exists (select 1 from ${blogPostCategories} where ${blogPostCategories.postId} = ${blogPosts.id} and ${blogPostCategories.categoryId} = ${categoryId})`;

/** A page of posts, newest first by `newest` (the id breaks ties), and how many match. */
function postPage(db: DbOrTx, options: PageRequest, where: SQL | undefined, newest: AnyPgColumn) {
  return readPage(options, {
    rows: ({ pageTotal, slice }) =>
      slice(
        db
          .select({ ...getTableColumns(blogPosts), pageTotal })
          .from(blogPosts)
          .where(where)
          .orderBy(desc(newest), desc(blogPosts.id)),
      ),
    count: () => countWhere(db, blogPosts, where),
  });
}

export const blogRepository = {
  /** Every post the public can read, for sitemap.xml (a sitemap holds at most 50,000 URLs). */
  async sitemap(db: DbOrTx): Promise<{ slug: string; updatedAt: Date }[]> {
    return db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(visible())
      .orderBy(desc(blogPosts.publishedAt))
      .limit(49_000);
  },

  async insert(db: DbOrTx, values: PostValues): Promise<PostRow> {
    const [row] = await db.insert(blogPosts).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: string, values: Partial<PostValues>): Promise<PostRow | undefined> {
    const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning();
    return row;
  },

  async find(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PostRow | undefined> {
    const query = db.select().from(blogPosts).where(eq(blogPosts.id, id));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row;
  },

  async findVisible(db: DbOrTx, idOrSlug: string): Promise<PostRow | undefined> {
    const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
    const key = isId ? eq(blogPosts.id, idOrSlug) : eq(blogPosts.slug, idOrSlug.toLowerCase());
    const [row] = await db.select().from(blogPosts).where(and(key, visible()));
    return row;
  },

  async remove(db: DbOrTx, id: string): Promise<PostRow | undefined> {
    const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    return row;
  },

  /** Slugs already taken among `base` and `base-N`, another post's only. */
  async slugsLike(db: DbOrTx, base: string, exceptId?: string): Promise<Set<string>> {
    const rows = await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(
        and(
          or(eq(blogPosts.slug, base), sql`${blogPosts.slug} ~ ${`^${base}-[0-9]+$`}`),
          exceptId ? ne(blogPosts.id, exceptId) : undefined,
        ),
      );
    return new Set(rows.map((row) => row.slug));
  },

  async list(
    db: DbOrTx,
    options: { page: number; size: number; search?: string; status?: BlogStatus; categoryId?: string },
  ) {
    const where = and(
      options.search
        ? or(
            ilike(blogPosts.title, containsPattern(options.search)),
            ilike(blogPosts.slug, containsPattern(options.search)),
          )
        : undefined,
      options.status ? eq(blogPosts.status, options.status) : undefined,
      options.categoryId ? inCategory(options.categoryId) : undefined,
    );
    return postPage(db, options, where, blogPosts.updatedAt);
  },

  async listVisible(db: DbOrTx, options: { page: number; size: number; search?: string; categorySlug?: string }) {
    const categoryId = options.categorySlug
      ? sql`(select ${blogCategories.id} from ${blogCategories} where ${blogCategories.slug} = ${options.categorySlug})`
      : undefined;
    const where = and(
      visible(),
      options.search ? ilike(blogPosts.title, containsPattern(options.search)) : undefined,
      categoryId ? inCategory(categoryId) : undefined,
    );
    return postPage(db, options, where, blogPosts.publishedAt);
  },

  /** Newest visible posts sharing a category with the post, then the newest others, `limit` in all. */
  async related(db: DbOrTx, postId: string, limit: number): Promise<PostRow[]> {
    const shared = sql<number>`(select count(*) from ${blogPostCategories} mine join ${blogPostCategories} theirs
      on theirs.category_id = mine.category_id where mine.post_id = ${postId} and theirs.post_id = ${blogPosts.id})`;
    return db
      .select()
      .from(blogPosts)
      .where(and(visible(), ne(blogPosts.id, postId)))
      .orderBy(desc(sql`${shared} > 0`), desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(limit);
  },

  async setCategories(db: DbOrTx, postId: string, categoryIds: string[]) {
    await db.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
    if (categoryIds.length)
      await db.insert(blogPostCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
  },

  async categoriesOf(db: DbOrTx, postIds: string[]): Promise<Map<string, BlogCategory[]>> {
    const result = new Map<string, BlogCategory[]>(postIds.map((id) => [id, []]));
    if (!postIds.length) return result;
    const rows = await db
      .select({
        postId: blogPostCategories.postId,
        id: blogCategories.id,
        name: blogCategories.name,
        slug: blogCategories.slug,
      })
      .from(blogPostCategories)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
      .where(inArray(blogPostCategories.postId, postIds))
      .orderBy(asc(blogCategories.name));
    for (const { postId, ...category } of rows) result.get(postId)?.push(category);
    return result;
  },

  // ------------------------------------------------------------ categories

  async categoryIdsThatExist(db: DbOrTx, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db.select({ id: blogCategories.id }).from(blogCategories).where(inArray(blogCategories.id, ids));
    return new Set(rows.map((row) => row.id));
  },

  async categories(db: DbOrTx, options: { page: number; size: number; search?: string; id?: string }) {
    const postCount = sql<number>`(select count(*)::int from ${blogPostCategories} where ${blogPostCategories.categoryId} = ${blogCategories.id})`;
    const where = and(
      options.search
        ? or(
            ilike(blogCategories.name, containsPattern(options.search)),
            ilike(blogCategories.slug, containsPattern(options.search)),
          )
        : undefined,
      options.id ? eq(blogCategories.id, options.id) : undefined,
    );
    // Size 0 is every category (slice adds no limit).
    return readPage(options, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({
              id: blogCategories.id,
              name: blogCategories.name,
              slug: blogCategories.slug,
              createdAt: blogCategories.createdAt,
              postCount,
              pageTotal,
            })
            .from(blogCategories)
            .where(where)
            .orderBy(asc(sql`lower(${blogCategories.name})`), asc(blogCategories.id)),
        ),
      count: () => countWhere(db, blogCategories, where),
    });
  },

  async category(db: DbOrTx, id: string) {
    const { rows } = await blogRepository.categories(db, { page: 1, size: 1, id });
    return rows[0];
  },

  /** Categories with at least one visible post, with how many. */
  async visibleCategories(db: DbOrTx) {
    const n = sql<number>`count(*)::int`;
    return db
      .select({ id: blogCategories.id, name: blogCategories.name, slug: blogCategories.slug, postCount: n })
      .from(blogCategories)
      .innerJoin(blogPostCategories, eq(blogPostCategories.categoryId, blogCategories.id))
      .innerJoin(blogPosts, and(eq(blogPosts.id, blogPostCategories.postId), visible()))
      .groupBy(blogCategories.id)
      .orderBy(asc(sql`lower(${blogCategories.name})`));
  },

  async insertCategory(db: DbOrTx, values: { name: string; slug: string }): Promise<CategoryRow> {
    const [row] = await db.insert(blogCategories).values(values).returning();
    return row!;
  },

  async updateCategory(db: DbOrTx, id: string, values: { name: string; slug: string }) {
    const [row] = await db
      .update(blogCategories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(blogCategories.id, id))
      .returning();
    return row;
  },

  async findCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
    const [row] = await db.select().from(blogCategories).where(eq(blogCategories.id, id));
    return row;
  },

  /** Deletes the category; answers the posts it was taken from. */
  async removeCategory(db: DbOrTx, id: string): Promise<string[] | null> {
    const links = await db
      .select({ postId: blogPostCategories.postId })
      .from(blogPostCategories)
      .where(eq(blogPostCategories.categoryId, id));
    const [row] = await db.delete(blogCategories).where(eq(blogCategories.id, id)).returning({ id: blogCategories.id });
    return row ? links.map((link) => link.postId) : null;
  },
};
