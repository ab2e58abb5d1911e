import {
  adminBlog,
  adminBlogs,
  adminCategories,
  BLOG_IMAGE_NOT_IMAGE,
  BLOG_IMAGE_TOO_LARGE,
  createBlog,
  createCategory,
  deleteBlog,
  deleteCategory,
  publicBlog,
  publicBlogs,
  updateBlog,
  updateCategory,
} from '@tollgate/contract/content/blog';
import type { Db } from '#platform/db/client.ts';
import { readMultipartForm } from '#platform/http/multipart-form.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { Uploads } from '#platform/storage/uploads.ts';
import { createBlogCategoriesService } from './blog-categories.service';
import { createBlogService } from './blog.service';

const IMAGE_MESSAGES = { tooLarge: BLOG_IMAGE_TOO_LARGE, notImage: BLOG_IMAGE_NOT_IMAGE };

/** The blog (issue 19): staff write posts and categories, anyone reads what is published. */
export function blogRoutes(deps: { db: Db; uploads: Uploads }): RouteDefinition[] {
  const posts = createBlogService(deps);
  const categories = createBlogCategoriesService(deps);
  return [
    route(adminBlogs, ({ query }) =>
      posts.list({ ...query, ...(query.category ? { categoryId: query.category } : {}) }),
    ),
    route(createBlog, async ({ auth, request }) => {
      const { body, images } = await readMultipartForm(request, createBlog, IMAGE_MESSAGES);
      return posts.create(auth.accountId, body, images);
    }),
    route(updateBlog, async ({ auth, request }) => {
      const { body, images } = await readMultipartForm(request, updateBlog, IMAGE_MESSAGES);
      const { id, ...input } = body;
      return posts.update(auth.accountId, id, input, images);
    }),
    route(adminBlog, ({ params }) => posts.get(params.id)),
    route(deleteBlog, ({ auth, params }) => posts.remove(auth.accountId, params.id)),
    route(adminCategories, ({ query }) => categories.list(query)),
    route(createCategory, ({ auth, body }) => categories.create(auth.accountId, body)),
    route(updateCategory, ({ auth, params, body }) => categories.update(auth.accountId, params.id, body)),
    route(deleteCategory, ({ auth, params }) => categories.remove(auth.accountId, params.id)),
    route(publicBlogs, ({ query }) => posts.publicList(query)),
    route(publicBlog, ({ params }) => posts.publicGet(params.id)),
  ];
}
