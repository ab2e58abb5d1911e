import { z } from 'zod';
import { ADMINS_AND_MANAGERS, PUBLIC } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { listPayloadSchema } from '../http/envelope';

/**
 * Spec §3 Blog, §7 `/admin/blogs`. Decisions (ADR 030):
 * - The body (`description`) and `conclusion` are Markdown (content/markdown.ts); the server renders
 *   them to sanitized HTML for the public calls. Raw HTML typed into the editor shows as text.
 * - `toc` is built by the server from the body's headings; a `toc` a client sends is ignored.
 * - Writes are multipart: the JSON below travels in the form field `data`, next to the optional image
 *   fields `banner` and `authorPic` (§5: sent only if provided). A PATCH without an image keeps the
 *   old one; `removeBanner` / `removeAuthorPic` remove it.
 * - PATCH /admin/blogs carries the post's `id` in the body, as the spec's path has none.
 * - Deleting a category used by posts detaches it from them; the posts stay.
 */

export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const BLOG_IMAGE_FIELDS = ['banner', 'authorPic'] as const;
export type BlogImageField = (typeof BLOG_IMAGE_FIELDS)[number];
export const BLOG_IMAGE_TOO_LARGE = 'The image is larger than 5 MB';
export const BLOG_IMAGE_NOT_IMAGE = 'Upload a PNG, JPEG, WebP or GIF image';
export const BLOG_SLUG_TAKEN = 'Another post already uses this slug';
export const CATEGORY_TAKEN = 'A category with this name or slug already exists';
export const UNKNOWN_POST = 'Unknown post';
export const UNKNOWN_CATEGORY = 'Unknown category';
/** Banner widths kept (srcset); the author picture is a square of AUTHOR_PIC_SIZE. */
export const BANNER_WIDTHS = [800, 1600] as const;
export const AUTHOR_PIC_SIZE = 128;
export const PUBLIC_BLOG_PAGE_SIZE = 9;

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = { draft: 'Draft', published: 'Published' };

const datetime = z.iso.datetime({ offset: true });
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slugSchema = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(120, `Keep the ${what} under 120 characters`)
    .refine((slug) => slug === '' || SLUG_PATTERN.test(slug), {
      message: 'Use lower-case letters, digits and single dashes (e.g. rotating-proxies-guide)',
    });

const line = (what: string, max: number) =>
  z
    .string({ error: `Write the ${what}` })
    .trim()
    .min(1, `Write the ${what}`)
    .max(max, `Keep the ${what} under ${max.toLocaleString('en-US')} characters`);

export const faqItemSchema = z.object({
  question: line('question', 300),
  answer: line('answer', 5_000),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** What the editor sends (in the form field `data`). */
export const blogInputSchema = z.object({
  title: line('title', 200),
  /** Empty: made from the title (and made unique). */
  slugvalue: slugSchema('slug').default(''),
  author: line('author', 100),
  description: line('post body', 100_000),
  conclusion: z.string().trim().max(20_000, 'Keep the conclusion under 20,000 characters').default(''),
  /** The meta description and card text; empty: the body's first sentences. */
  excerpt: z.string().trim().max(300, 'Keep the excerpt under 300 characters').default(''),
  faq: z.array(faqItemSchema).max(30, 'At most 30 questions').default([]),
  category: z
    .array(z.uuid(UNKNOWN_CATEGORY))
    .max(10, 'At most 10 categories')
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  status: z.enum(BLOG_STATUSES, { error: 'Choose draft or published' }).default('draft'),
  /** Set to back- or post-date a published post; empty keeps the first publication time. */
  publishedAt: datetime.nullable().default(null),
  removeBanner: z.boolean().default(false),
  removeAuthorPic: z.boolean().default(false),
});
export type BlogInput = z.input<typeof blogInputSchema>;
export const blogUpdateSchema = blogInputSchema.extend({ id: z.uuid(UNKNOWN_POST) });
export type BlogUpdate = z.input<typeof blogUpdateSchema>;

export const tocEntrySchema = z.object({ id: z.string(), text: z.string(), level: z.number().int() });
export const categorySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type BlogCategory = z.infer<typeof categorySchema>;
export const bannerSchema = z.object({ url: z.string(), small: z.string() });

const postFields = {
  id: z.string(),
  title: z.string(),
  slugvalue: z.string(),
  author: z.string(),
  authorPic: z.string().nullable(),
  excerpt: z.string(),
  category: z.array(categorySchema),
  banner: bannerSchema.nullable(),
  readingMinutes: z.number().int(),
  publishedAt: datetime.nullable(),
  updatedAt: datetime,
};

export const blogSummarySchema = z.object({ ...postFields, status: z.enum(BLOG_STATUSES), createdAt: datetime });
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** The staff view: the Markdown as written, plus what the server derived from it. */
export const blogPostSchema = blogSummarySchema.extend({
  /** False: `excerpt` was made from the body and is remade when the body changes. */
  excerptWritten: z.boolean(),
  description: z.string(),
  conclusion: z.string(),
  faq: z.array(faqItemSchema),
  toc: z.array(tocEntrySchema),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const bodyBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('media'), url: z.string() }),
]);
export type BodyBlock = z.infer<typeof bodyBlockSchema>;

export const publicBlogSummarySchema = z.object(postFields);
export type PublicBlogSummary = z.infer<typeof publicBlogSummarySchema>;

/** The reader's view: sanitized HTML blocks (media links as their own blocks), never the Markdown. */
export const publicBlogPostSchema = publicBlogSummarySchema.extend({
  body: z.array(bodyBlockSchema),
  conclusion: z.array(bodyBlockSchema),
  faq: z.array(faqItemSchema),
  toc: z.array(tocEntrySchema),
  related: z.array(publicBlogSummarySchema),
});
export type PublicBlogPost = z.infer<typeof publicBlogPostSchema>;

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
};

const postIdParams = z.object({ id: z.uuid(UNKNOWN_POST) });

const multipart = {
  field: 'data',
  maxBytes: BLOG_IMAGE_MAX_BYTES,
  types: BLOG_IMAGE_TYPES,
  form: { json: 'data', files: BLOG_IMAGE_FIELDS },
};

export const adminBlogs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/blogs',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Posts, newest change first; search by title or slug, filter by status and category',
  message: 'Blogs list',
  query: z.object({
    ...pageQuery,
    size: z.coerce.number().int().min(1).max(100).default(20),
    status: z.enum(BLOG_STATUSES).optional(),
    category: z.uuid(UNKNOWN_CATEGORY).optional(),
  }),
  payload: listPayloadSchema(blogSummarySchema),
});

export const createBlog = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/blogs',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary:
    'Create a post: multipart with the JSON fields in "data" and optional images "banner" and "authorPic" (PNG, JPEG, WebP or GIF, at most 5 MB); audited',
  message: 'Blog created',
  multipart,
  body: blogInputSchema,
  payload: blogPostSchema,
});

export const updateBlog = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/blogs',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary:
    'Change a post (its id in "data"): an image not sent is kept, removeBanner / removeAuthorPic remove one; audited',
  message: 'Blog updated',
  multipart,
  body: blogUpdateSchema,
  payload: blogPostSchema,
});

export const adminBlog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/blogs/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'One post as written, drafts included (the editor and its preview)',
  message: 'Blog',
  params: postIdParams,
  payload: blogPostSchema,
});

export const deleteBlog = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/blogs/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Delete a post and its images; audited',
  message: 'Blog deleted',
  params: postIdParams,
  payload: z.null(),
});

// ---------------------------------------------------------------- categories

export const categoryInputSchema = z.object({
  name: line('name', 60),
  /** Empty: made from the name. */
  slug: slugSchema('slug').default(''),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;
export const adminCategorySchema = categorySchema.extend({ postCount: z.number().int(), createdAt: datetime });
export type AdminCategory = z.infer<typeof adminCategorySchema>;
const categoryIdParams = z.object({ id: z.uuid(UNKNOWN_CATEGORY) });

export const adminCategories = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/categories',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Blog categories by name with how many posts use each; size 0 lists them all',
  message: 'Categories list',
  query: z.object({ ...pageQuery, size: z.coerce.number().int().min(0).max(100).default(20) }),
  payload: listPayloadSchema(adminCategorySchema),
});

export const createCategory = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/categories',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Add a blog category (name and slug unique); audited',
  message: 'Category created',
  body: categoryInputSchema,
  payload: adminCategorySchema,
});

export const updateCategory = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/admin/categories/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Rename a blog category or change its slug; audited',
  message: 'Category updated',
  params: categoryIdParams,
  body: categoryInputSchema,
  payload: adminCategorySchema,
});

export const deleteCategory = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/categories/{id}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Blog',
  summary: 'Delete a blog category; posts that used it lose it and stay; audited',
  message: 'Category deleted',
  params: categoryIdParams,
  payload: z.null(),
});

// ---------------------------------------------------------------- public

export const publicCategorySchema = categorySchema.extend({ postCount: z.number().int() });

export const publicBlogs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/blogs',
  roles: PUBLIC,
  tag: 'Blog',
  summary: 'Published posts, newest first, nine a page; by category slug; with the categories that have posts',
  message: 'Blogs list',
  query: z.object({
    ...pageQuery,
    size: z.coerce.number().int().min(1).max(50).default(PUBLIC_BLOG_PAGE_SIZE),
    category: z.string().trim().toLowerCase().max(120).optional(),
  }),
  payload: listPayloadSchema(publicBlogSummarySchema).extend({ categories: z.array(publicCategorySchema) }),
});

export const publicBlog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/blogs/{id}',
  roles: PUBLIC,
  tag: 'Blog',
  summary: 'One published post by id or slug, rendered, with related posts; drafts are not found',
  message: 'Blog',
  params: z.object({ id: z.string().trim().min(1).max(120) }),
  payload: publicBlogPostSchema,
});
