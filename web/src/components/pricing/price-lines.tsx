import type { PriceLine, PriceSource } from '@tollgate/contract/checkout/price-lines';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatNumber } from '#lib/format.ts';

/** What each price table is called on screen; the settings key itself is shown to staff only. */
export const SOURCE_LABELS: Record<PriceSource, string> = {
  'plan-tiers': 'Plan price',
  'plan-price': 'Package price',
  'renewal-tiers': 'Renewal price',
  'extension-price': 'Extension price',
  'extension-per-day': 'Day price',
  included: 'Included',
  deposit: 'Deposit',
  'reseller-price': 'Reseller price',
};

const PER: Record<PriceLine['per'], [string, string]> = {
  GB: ['GB', 'GB'],
  thread: ['thread', 'threads'],
  day: ['day', 'days'],
  period: ['period', 'periods'],
  package: ['package', 'packages'],
};

/**
 * How a line was counted: "3 GB × $4.50/GB"; a fixed price for a length as "fixed price"; a share of
 * a period's price as that price (the note says which share); an included line as its quantity.
 */
export function lineRate(line: PriceLine): string {
  const [one, many] = PER[line.per];
  if (line.source === 'included') return `${formatNumber(line.quantity)} ${line.quantity === 1 ? one : many}`;
  if (line.per === 'period' || line.per === 'package') {
    return line.amount === line.unitPrice * line.quantity && line.quantity === 1
      ? 'Fixed price'
      : `Share of ${formatBalance(line.unitPrice)}`;
  }
  return `${formatNumber(line.quantity)} ${line.quantity === 1 ? one : many} × ${formatBalance(line.unitPrice)}/${one}`;
}

/**
 * The server's breakdown of a price: each charge, how it was counted, the table it came from and
 * why. Screens render it as given; none of them computes a price.
 */
export function PriceLines({
  lines,
  showTables = false,
  className,
}: {
  lines: PriceLine[];
  /** Staff see the settings key each price comes from. */
  showTables?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn('space-y-2.5 text-sm', className)} aria-label="Charges">
      {lines.map((line, index) => (
        <li key={`${line.label}-${index}`} className="space-y-0.5">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-medium text-slate-800 dark:text-slate-100">{line.label}</span>
            <span className="text-slate-900 tabular-nums dark:text-white">{formatBalance(line.amount)}</span>
          </div>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
            <span className="tabular-nums">{lineRate(line)}</span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {SOURCE_LABELS[line.source]}
              {showTables && line.table !== 'plan' ? ` · ${line.table}` : ''}
            </span>
          </div>
          {line.note && <p className="text-xs text-slate-600 dark:text-slate-400">{line.note}</p>}
        </li>
      ))}
    </ul>
  );
}
