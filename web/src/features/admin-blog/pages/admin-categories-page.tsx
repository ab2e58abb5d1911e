import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { deleteCategory, type AdminCategory } from '@tollgate/contract/content/blog';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { Button } from '#components/ui/button.tsx';
import { deleteItem, useConfirm } from '#components/ui/use-confirm.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { CATEGORIES_PAGE_SIZE, useAdminCategories, useDeleteCategory } from '../api/admin-blog.ts';
import { CategoryDialog } from '../components/category-dialog.tsx';

/** /admin/category: the blog's categories, with how many posts use each. */
export default function AdminCategoriesPage() {
  const params = useListParams({});
  const list = useAdminCategories({ page: params.page, search: params.search });
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const remove = useDeleteCategory();
  const { confirm, dialog } = useConfirm();

  const columns: Array<Column<AdminCategory>> = [
    {
      key: 'name',
      header: 'Name',
      cell: (c) => <span className="font-medium text-slate-900 dark:text-white">{c.name}</span>,
    },
    { key: 'slug', header: 'Slug', cell: (c) => <span className="font-mono text-xs">{c.slug}</span> },
    { key: 'posts', header: 'Posts', cell: (c) => formatNumber(c.postCount) },
    { key: 'created', header: 'Created', cell: (c) => formatDate(c.createdAt) },
  ];

  const rowActions: RowActions<AdminCategory> = {
    label: (c) => c.name,
    groups: (c) => [
      [{ label: 'Edit', icon: Pencil, onSelect: () => setEditing(c) }],
      [
        deleteItem(confirm, {
          title: `Delete category ${c.name}?`,
          description:
            c.postCount > 0
              ? `${formatNumber(c.postCount)} post${c.postCount === 1 ? '' : 's'} use it; they stay and lose this category.`
              : 'No post uses it.',
          confirmLabel: 'Delete category',
          remove: () => remove.mutateAsync(c.id),
          done: deleteCategory.message,
        }),
      ],
    ],
  };

  return (
    <>
      <PageHeader
        title="Category"
        description="Categories group blog posts; readers filter the blog by them."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" />
            New category
          </Button>
        }
      />
      <ListPage
        params={params}
        query={list}
        caption="Blog categories"
        columns={columns}
        rowActions={rowActions}
        rowKey={(c) => c.id}
        pageSize={CATEGORIES_PAGE_SIZE}
        searchPlaceholder="Search by name or slug"
        emptyTitle={params.search ? 'No matching categories' : 'No categories yet'}
        emptyDescription="Add a category, then choose it in a post."
      />
      <CategoryDialog
        open={editing !== null}
        category={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      {dialog}
    </>
  );
}
