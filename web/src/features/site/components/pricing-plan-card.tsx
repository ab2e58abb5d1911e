import type { CataloguePlan } from '@tollgate/contract/plans/catalogue';
import { Calculator, Check } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';
import { formatNumber } from '#lib/format.ts';
import { headline, lengthRule, tierRanges, TYPE_LABELS } from './pricing-format.ts';

function features(plan: CataloguePlan): string[] {
  const list: string[] = [];
  if (plan.unit === 'package' && plan.bandwidth > 0) list.push(`${formatNumber(plan.bandwidth)} GB included`);
  if (plan.unit === 'package' && plan.threads > 0) list.push(`${formatNumber(plan.threads)} threads`);
  list.push(plan.throughput > 0 ? `${formatNumber(plan.throughput)} Mbps per connection` : 'No speed cap');
  list.push('HTTP(S) and SOCKS5');
  if (plan.serverGeo) list.push(`Default location: ${plan.serverGeo}`);
  return list;
}

/** One plan on the pricing page: headline price, every tier, the length rule, and "Price it". */
export function PricingPlanCard({
  plan,
  selected,
  onChoose,
  typeName,
}: {
  plan: CataloguePlan;
  selected: boolean;
  onChoose: () => void;
  /** The type's name as staff set it (Product manage). */
  typeName?: string | undefined;
}) {
  const price = headline(plan);
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-slate-900',
        selected ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        {typeName ?? TYPE_LABELS[plan.type]}
        {plan.residentialType ? ` · ${plan.residentialType}` : ''}
      </p>
      <h3 id={headingId} className="mt-1 text-lg font-semibold text-slate-900 dark:text-white">
        {plan.title}
      </h3>
      {plan.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>}
      <p className="mt-4 text-slate-900 dark:text-white">
        {plan.unit !== 'package' && <span className="text-sm text-slate-500 dark:text-slate-400">from </span>}
        <span className="text-3xl font-semibold tracking-tight" data-testid="plan-headline">
          {price.amount}
        </span>{' '}
        <span className="text-sm text-slate-500 dark:text-slate-400">{price.per}</span>
      </p>
      {plan.tiers.length > 0 && (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">Price tiers of {plan.title}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500 dark:text-slate-400">
              <th scope="col" className="pb-1 font-medium">
                Amount
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {tierRanges(plan).map((tier) => (
              <tr key={tier.range} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1.5 text-slate-700 dark:text-slate-300">{tier.range}</td>
                <td className="py-1.5 text-right font-medium text-slate-900 tabular-nums dark:text-white">
                  {tier.price}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{lengthRule(plan)}</p>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-600 dark:text-slate-400">
        {features(plan).map((text) => (
          <li key={text} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-5">
        <button
          type="button"
          onClick={onChoose}
          aria-pressed={selected}
          className={buttonClass(selected ? 'primary' : 'outline', 'md', 'w-full')}
        >
          <Calculator className="size-4" aria-hidden="true" />
          {selected ? 'In the calculator' : `Price ${plan.title}`}
        </button>
      </div>
    </article>
  );
}
