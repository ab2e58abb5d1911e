import { describe, expect, it } from 'vitest';
import { publicBlog, publicBlogs } from '@tollgate/contract/content/blog';
import { publicBlogRoute, publicBlogsRoute } from './get-blog.ts';

describe('schema-free handles of the blog pages', () => {
  it.each([
    ['blog index', publicBlogsRoute, publicBlogs],
    ['blog post', publicBlogRoute, publicBlog],
  ] as const)('%s matches the contract endpoint it stands in for', (_, handle, endpoint) => {
    expect(handle).toEqual({ method: endpoint.method, path: endpoint.path, roles: endpoint.roles });
    expect(endpoint.encoded).toBeFalsy();
  });
});
