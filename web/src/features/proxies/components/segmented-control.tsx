import { useId } from 'react';
import { cn } from '#lib/cn.ts';

/**
 * A row of mutually exclusive choices drawn as one pill. Native radios underneath, so Tab reaches
 * the group once and the arrow keys move the choice, as screen-reader users expect.
 */
export function SegmentedControl<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  hideLegend,
  className,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  hideLegend?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend
        className={cn('mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200', hideLegend && 'sr-only')}
      >
        {legend}
      </legend>
      <div className="inline-flex max-w-full flex-wrap rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => {
          const checked = option === value;
          return (
            <label
              key={option}
              className={cn(
                'relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                checked
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={checked}
                onChange={() => onChange(option)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              {labels[option]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
