import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { deleteCategory, type AdminCategory } from '@tollgate/contract/content/blog';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { CATEGORIES_PAGE_SIZE, useAdminCategories, useDeleteCategory } from '../api/blog-admin.ts';
import { CategoryDialog } from '../components/category-dialog.tsx';

/** /admin/category: the blog's categories, with how many posts use each. */
export default function AdminCategoriesPage() {
  const params = useListParams({});
  const list = useAdminCategories({ page: params.page, search: params.search });
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const remove = useDeleteCategory();
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };

  const columns: Array<Column<AdminCategory>> = [
    {
      key: 'name',
      header: 'Name',
      cell: (c) => <span className="font-medium text-slate-900 dark:text-white">{c.name}</span>,
    },
    { key: 'slug', header: 'Slug', cell: (c) => <span className="font-mono text-xs">{c.slug}</span> },
    { key: 'posts', header: 'Posts', cell: (c) => formatNumber(c.postCount) },
    { key: 'created', header: 'Created', cell: (c) => formatDate(c.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <div className="flex justify-end gap-1 md:justify-start">
          <Button variant="ghost" size="icon" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`} title="Edit">
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost-danger"
            size="icon"
            onClick={() => setDeleting(c)}
            aria-label={`Delete ${c.name}`}
            title="Delete"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ),
    },
  ];

  const used = deleting?.postCount ?? 0;
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
      <ConfirmDialog
        open={deleting !== null}
        onClose={closeDelete}
        title={`Delete category ${deleting?.name ?? ''}?`}
        description={
          used > 0
            ? `${formatNumber(used)} post${used === 1 ? '' : 's'} use it; they stay and lose this category.`
            : 'No post uses it.'
        }
        confirmLabel="Delete category"
        busyLabel="Deleting"
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              void notify('success', deleteCategory.message);
              closeDelete();
            },
          })
        }
      />
    </>
  );
}
