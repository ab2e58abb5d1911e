import {
  CATEGORY_TAKEN,
  UNKNOWN_CATEGORY,
  type AdminCategory,
  type CategoryInput,
} from '@tollgate/contract/content/blog';
import { slugify } from '@tollgate/contract/content/slugify';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '#platform/db/errors.ts';
import { notFound, validationError } from '#platform/http/errors.ts';
import { randomSuffix } from '#platform/random.ts';
import { blogRepository as repo } from './blog.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.category>>>;
const view = (row: Row): AdminCategory => ({ ...row, createdAt: row.createdAt.toISOString() });
const taken = () => validationError([{ path: 'body.name', message: CATEGORY_TAKEN }]);

/** Blog categories: unique by name (whatever the case) and by slug; deleting one detaches it from its posts. */
export function createBlogCategoriesService({ db }: { db: Db }) {
  const values = (input: Required<CategoryInput>) => ({
    name: input.name,
    slug: input.slug || slugify(input.name) || `category-${randomSuffix().toLowerCase()}`,
  });
  /** The unique indexes decide, so two people adding the same name at once get one category. */
  const unique = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw taken();
      throw error;
    }
  };

  return {
    async list(query: { page: number; size: number; search?: string }) {
      const { rows, total } = await repo.categories(db, query);
      return { items: rows.map(view), total, page: query.page, size: query.size };
    },

    async create(actorId: string, input: Required<CategoryInput>) {
      const row = await unique(() =>
        db.transaction(async (tx) => {
          const row = await repo.insertCategory(tx, values(input));
          await audit(tx, {
            actorId,
            action: 'blog.category.create',
            targetType: 'blog_category',
            targetId: row.id,
            after: { name: row.name, slug: row.slug },
          });
          return row;
        }),
      );
      return view((await repo.category(db, row.id))!);
    },

    async update(actorId: string, id: string, input: Required<CategoryInput>) {
      await unique(() =>
        db.transaction(async (tx) => {
          const before = await repo.findCategory(tx, id);
          if (!before) throw notFound(UNKNOWN_CATEGORY);
          const row = (await repo.updateCategory(tx, id, values(input)))!;
          await audit(tx, {
            actorId,
            action: 'blog.category.update',
            targetType: 'blog_category',
            targetId: id,
            before: { name: before.name, slug: before.slug },
            after: { name: row.name, slug: row.slug },
          });
        }),
      );
      return view((await repo.category(db, id))!);
    },

    async remove(actorId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await repo.findCategory(tx, id);
        const detached = await repo.removeCategory(tx, id);
        if (!before || !detached) throw notFound(UNKNOWN_CATEGORY);
        await audit(tx, {
          actorId,
          action: 'blog.category.delete',
          targetType: 'blog_category',
          targetId: id,
          before: { name: before.name, slug: before.slug, detachedFromPosts: detached },
        });
      });
      return null;
    },
  };
}
