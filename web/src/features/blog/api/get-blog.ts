import { PUBLIC } from '@tollgate/contract/access/roles';
import type { publicBlog, publicBlogs } from '@tollgate/contract/content/blog';
import { call, routeOf } from '#lib/api-client.ts';

/** Schema-free handles (ADR 004: public pages ship without zod); get-blog.test.ts pins them. */
export const publicBlogsRoute = routeOf<typeof publicBlogs>({
  method: 'GET',
  path: '/api/v1/public/blogs',
  roles: PUBLIC,
});
export const publicBlogRoute = routeOf<typeof publicBlog>({
  method: 'GET',
  path: '/api/v1/public/blogs/{id}',
  roles: PUBLIC,
});

export function getBlogs(query: { page: number; category?: string }, signal?: AbortSignal) {
  return call(publicBlogsRoute, { query, signal, quiet: true });
}

export function getBlog(id: string, signal?: AbortSignal) {
  return call(publicBlogRoute, { params: { id }, signal, quiet: true });
}
