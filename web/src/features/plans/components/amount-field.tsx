import type { ChangeEvent } from 'react';
import { Input } from '#components/ui/input.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatNumber } from '#lib/format.ts';
import type { PlanSale } from '#lib/price-tiers.ts';

/** GB or threads to buy, with the plan's volume tiers and the one that applies highlighted. */
export function AmountField({
  sale,
  value,
  error,
  onChange,
}: {
  sale: PlanSale;
  name?: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const units = Number(value);
  const unit = sale.unit === 'GB' ? 'GB' : 'threads';
  const active = sale.tiers.findLast((tier) => tier.value <= units);
  return (
    <div className="space-y-3">
      <Input
        label={sale.unit === 'GB' ? 'Bandwidth (GB)' : 'Threads'}
        name="value"
        type="number"
        inputMode="numeric"
        min={sale.minValue}
        step={1}
        value={value}
        error={error}
        hint={`At least ${formatNumber(sale.minValue)} ${unit}.`}
        onChange={onChange}
      />
      {sale.tiers.length > 1 && (
        <ul aria-label="Volume pricing" className="flex flex-wrap gap-2">
          {sale.tiers.map((tier) => (
            <li
              key={tier.value}
              aria-current={tier === active || undefined}
              className={cn(
                'rounded-lg border px-3 py-1.5 text-xs',
                tier === active
                  ? 'border-brand-500 bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
                  : 'border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400',
              )}
            >
              {formatNumber(tier.value)}+ {unit}: <span className="font-semibold">{formatBalance(tier.price)}</span>/
              {sale.unit === 'GB' ? 'GB' : 'thread'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
