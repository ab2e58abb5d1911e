import { BLOG_STATUSES, type FaqItem } from '@tollgate/contract/content/blog';
import type { Heading } from '@tollgate/contract/content/markdown';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '#platform/db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Spec §3 Blog. The body and conclusion are kept as the Markdown the editor wrote; `toc`, `excerpt`
 * and `reading_minutes` are derived from it on every write. Images are server-made files under
 * /uploads/blog (a banner in two widths, a square author picture).
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull(),
    conclusion: text('conclusion').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    /** The editor wrote the excerpt; otherwise it is the body's first sentences, remade on each write. */
    excerptWritten: boolean('excerpt_written').notNull().default(false),
    faq: jsonb('faq').$type<FaqItem[]>().notNull().default([]),
    toc: jsonb('toc').$type<Heading[]>().notNull().default([]),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('draft'),
    publishedAt: at('published_at'),
    bannerUrl: text('banner_url'),
    bannerSmallUrl: text('banner_small_url'),
    authorPicUrl: text('author_pic_url'),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_public_idx')
      .on(t.publishedAt.desc().nullsLast(), t.id)
      .where(sql`${t.status} = 'published'`),
    index('blog_posts_updated_idx').on(t.updatedAt.desc(), t.id),
  ],
);

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_categories_slug_key').on(t.slug),
    uniqueIndex('blog_categories_name_key').on(sql`lower(${t.name})`),
  ],
);

export const blogPostCategories = pgTable(
  'blog_post_categories',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => blogCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.categoryId] }),
    index('blog_post_categories_category_idx').on(t.categoryId),
  ],
);
