import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '#lib/cn.ts';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: string;
  /** Hides the label visually while keeping it for screen readers (table filters). */
  hideLabel?: boolean;
}

/** A native select styled like <Input>: native keeps phones' pickers and screen readers happy. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, error, hint, hideLabel, className, id, children, ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={cn('mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block h-10 w-full appearance-none rounded-lg border bg-white pr-9 pl-3 text-sm text-slate-900 shadow-sm transition-colors',
            'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:opacity-60',
            'dark:bg-slate-900 dark:text-slate-100',
            error ? 'border-red-500 dark:border-red-500' : 'border-slate-300 dark:border-slate-700',
          )}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
      </div>
      {error ? (
        <p id={`${selectId}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${selectId}-hint`} className="mt-1.5 text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
});
