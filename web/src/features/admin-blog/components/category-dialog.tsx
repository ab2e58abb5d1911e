import type { FormEvent } from 'react';
import {
  categoryInputSchema,
  createCategory,
  updateCategory,
  type AdminCategory,
} from '@tollgate/contract/content/blog';
import { slugify } from '@tollgate/contract/content/slugify';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveCategory } from '../api/admin-blog.ts';

/** Add a category, or rename one (`category` given). The slug is made from the name when left empty. */
export function CategoryDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: AdminCategory | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={category ? `Edit ${category.name}` : 'New category'}>
      {open && <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />}
    </Dialog>
  );
}

function CategoryForm({ category, onDone }: { category: AdminCategory | null; onDone: () => void }) {
  const form = useForm({ name: category?.name ?? '', slug: category?.slug ?? '' });
  const save = useSaveCategory(category?.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(categoryInputSchema, form.values);
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => {
        void notify('success', category ? updateCategory.message : createCategory.message);
        onDone();
      },
      onError: form.fail,
    });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={category ? 'Edit category' : 'New category'}>
      {form.formError && <Alert>{form.formError}</Alert>}
      <Input label="Name" autoComplete="off" maxLength={60} {...form.field('name')} />
      <Input
        label="Slug"
        autoComplete="off"
        className="[&_input]:font-mono"
        placeholder={slugify(form.values.name) || 'made-from-the-name'}
        hint="The address of the category on the blog: /blog?category=slug. Leave empty to make it from the name."
        {...form.field('slug')}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : category ? 'Save category' : 'Add category'}
        </Button>
      </div>
    </form>
  );
}
