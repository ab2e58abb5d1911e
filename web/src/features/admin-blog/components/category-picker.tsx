import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useAllCategories } from '../api/admin-blog.ts';

/** Toggle chips for every category; the post keeps the chosen ids. */
export function CategoryPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const categories = useAllCategories();
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Categories</legend>
      {categories.isPending ? (
        <p className="text-sm text-slate-500">Loading categories…</p>
      ) : (categories.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          No categories yet.{' '}
          <Link to={staffPaths.admin.category} className="font-medium text-brand-700 underline dark:text-brand-300">
            Add one
          </Link>
          .
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {categories.data!.map((category) => {
            const on = value.includes(category.id);
            return (
              <button
                key={category.id}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(category.id)}
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm transition-colors',
                  on
                    ? 'border-brand-600 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-200'
                    : 'border-slate-300 text-slate-700 hover:border-slate-400 dark:border-slate-700 dark:text-slate-300',
                )}
              >
                {on && <Check className="size-3.5" aria-hidden="true" />}
                {category.name}
              </button>
            );
          })}
        </div>
      )}
      {error && <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}
