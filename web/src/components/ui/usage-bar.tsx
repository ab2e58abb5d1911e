import { cn } from '#lib/cn.ts';

/**
 * How much of a plan's bandwidth is used, as a progress bar that turns amber from 70 % and red from
 * 90 %, so a plan about to run out shows before it does.
 */
export function UsageBar({
  percent,
  max,
  now,
  text,
  className,
}: {
  /** The filled share, 0 to 100. */
  percent: number;
  /** `aria-valuemax` and `aria-valuenow`, in the unit the caller reads out. */
  max: number;
  now: number;
  /** `aria-valuetext`: what a screen reader says instead of the number. */
  text: string;
  /** The bar's height. */
  className: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label="Bandwidth used"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
      aria-valuetext={text}
      className={cn('overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          percent >= 90 ? 'bg-red-500' : percent >= 70 ? 'bg-amber-500' : 'bg-brand-600 dark:bg-brand-500',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
