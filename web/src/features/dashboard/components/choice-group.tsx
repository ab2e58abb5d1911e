import { useId, type ReactNode } from 'react';
import { cn } from '#lib/cn.ts';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: ReactNode;
}

/**
 * Compact radio cards that fit a dialog (native radios, so arrow keys move between them). The
 * shared payment picker lays out by viewport width, which is too wide for a dialog on big screens.
 */
export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
  columns = 1,
}: {
  legend: string;
  choices: Array<Choice<T>>;
  value: string;
  onChange: (value: T) => void;
  error?: string;
  columns?: 1 | 2 | 3;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 && 'grid-cols-2', columns === 3 && 'grid-cols-3')}>
        {choices.map((choice) => {
          const checked = value === choice.value;
          return (
            <label
              key={choice.value}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-lg border px-3 py-2 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                checked
                  ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:bg-brand-500/10'
                  : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="text-sm font-medium text-slate-900 dark:text-white">{choice.label}</span>
              {choice.hint && <span className="text-xs text-slate-600 dark:text-slate-400">{choice.hint}</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
