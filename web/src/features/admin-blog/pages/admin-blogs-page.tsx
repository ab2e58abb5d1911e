import { generatePath, Link } from 'react-router';
import { ExternalLink, Pencil } from 'lucide-react';
import { BLOG_STATUSES, BLOG_STATUS_LABELS, deleteBlog, type BlogSummary } from '@tollgate/contract/content/blog';
import { ListPage } from '#components/list-page/list-page.tsx';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import { Badge } from '#components/ui/badge.tsx';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { deleteItem, useConfirm } from '#components/ui/use-confirm.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { BLOGS_PAGE_SIZE, useAdminBlogs, useAllCategories, useDeleteBlog } from '../api/admin-blog.ts';

const columns: Array<Column<BlogSummary>> = [
  {
    key: 'title',
    header: 'Post',
    cell: (post) => (
      <div className="flex min-w-0 items-center gap-3">
        {post.banner ? (
          <img src={post.banner.small} alt="" className="h-10 w-16 shrink-0 rounded object-cover" loading="lazy" />
        ) : (
          <span className="h-10 w-16 shrink-0 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <Link
            to={generatePath(staffPaths.admin.editBlog, { id: post.id })}
            className="font-medium text-slate-900 hover:underline dark:text-white"
          >
            {post.title}
          </Link>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">/blog/{post.slugvalue}</p>
        </div>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (post) => (
      <Badge tone={post.status === 'published' ? 'success' : 'neutral'}>{BLOG_STATUS_LABELS[post.status]}</Badge>
    ),
  },
  {
    key: 'category',
    header: 'Categories',
    cell: (post) => post.category.map((category) => category.name).join(', ') || '—',
  },
  { key: 'author', header: 'Author', cell: (post) => post.author },
  { key: 'published', header: 'Published', cell: (post) => formatDate(post.publishedAt) || '—' },
  { key: 'updated', header: 'Updated', cell: (post) => formatDate(post.updatedAt, '24h') },
];

/** /admin/blogs: every post, drafts included, with status and category filters. */
export default function AdminBlogsPage() {
  const categories = useAllCategories();
  const filters = { status: BLOG_STATUSES, category: (categories.data ?? []).map((category) => category.id) };
  const params = useListParams({ filters });
  const list = useAdminBlogs({
    page: params.page,
    search: params.search,
    status: params.filters.status || undefined,
    category: params.filters.category || undefined,
  });
  const remove = useDeleteBlog();
  const { confirm, dialog } = useConfirm();

  const rowActions: RowActions<BlogSummary> = {
    label: (post) => post.title,
    groups: (post) => [
      [
        { label: 'Edit', icon: Pencil, to: generatePath(staffPaths.admin.editBlog, { id: post.id }) },
        ...(post.status === 'published'
          ? [
              {
                label: 'View on the site',
                icon: ExternalLink,
                // A tab of its own, so the list stays where it was.
                onSelect: () =>
                  void window.open(generatePath(paths.blogPost, { id: post.slugvalue }), '_blank', 'noopener'),
              },
            ]
          : []),
      ],
      [
        deleteItem(confirm, {
          title: `Delete “${post.title}”?`,
          description: 'The post and its images are removed for good; its address stops working.',
          confirmLabel: 'Delete post',
          remove: () => remove.mutateAsync(post.id),
          done: deleteBlog.message,
        }),
      ],
    ],
  };

  return (
    <>
      <PageHeader
        title="Blogs"
        description="Articles and guides on the public blog. Drafts are visible only here."
        actions={<NewItemLink to={staffPaths.admin.newBlog}>New post</NewItemLink>}
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={filters}
        filters={[
          { key: 'status', label: 'Filter by status', labels: BLOG_STATUS_LABELS, allLabel: 'All statuses' },
          {
            key: 'category',
            label: 'Filter by category',
            labels: Object.fromEntries((categories.data ?? []).map((category) => [category.id, category.name])),
            allLabel: 'All categories',
          },
        ]}
        caption="Blog posts"
        columns={columns}
        rowActions={rowActions}
        rowKey={(post) => post.id}
        pageSize={BLOGS_PAGE_SIZE}
        searchPlaceholder="Search by title or slug"
        emptyTitle={
          params.search || params.filters.status || params.filters.category ? 'No matching posts' : 'No posts yet'
        }
        emptyDescription="Write the first post for the blog."
      />
      {dialog}
    </>
  );
}
