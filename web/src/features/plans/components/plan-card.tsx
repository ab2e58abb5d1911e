import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { CalendarDays, Gauge, Globe2, HardDrive, Layers } from 'lucide-react';
import type { Plan } from '@tollgate/contract/plans/plans';
import { Badge } from '#components/ui/badge.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { Card } from '#components/ui/card.tsx';
import { formatBalance, formatNumber, formatPlanDuration } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { PLAN_TYPE_LABELS, saleOf, UNIT_LABELS } from '#lib/price-tiers.ts';

function Price({ plan }: { plan: Plan }) {
  const sale = saleOf(plan);
  if (sale.unit === 'package') {
    return (
      <p className="text-slate-500 dark:text-slate-400">
        <span className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
          {formatBalance(sale.fromPrice)}
        </span>{' '}
        / {formatPlanDuration(plan.duration)}
      </p>
    );
  }
  return (
    <p className="text-slate-500 dark:text-slate-400">
      {sale.tiers.length > 1 && <span className="mr-1 text-sm">from</span>}
      <span className="text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {formatBalance(sale.fromPrice)}
      </span>
      /{UNIT_LABELS[sale.unit]}
    </p>
  );
}

function Feature({ icon: Icon, children }: { icon: typeof Gauge; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden="true" />
      <span>{children}</span>
    </li>
  );
}

/** One plan on sale: what it costs, what it includes and the way to buy it. */
export function PlanCard({
  plan,
  actionLabel = 'Buy',
  typeName,
}: {
  plan: Plan;
  actionLabel?: string;
  /** The type's name as staff set it (Product manage); the built-in label until it is known. */
  typeName?: string | undefined;
}) {
  const sale = saleOf(plan);
  const to = generatePath(paths.purchasePlanFor, { planId: plan.id, value: String(sale.minValue) });
  return (
    <Card className="flex w-full flex-col p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="brand">{typeName ?? PLAN_TYPE_LABELS[plan.type]}</Badge>
        {plan.residentialType && <Badge>{plan.residentialType}</Badge>}
        {plan.trial && <Badge tone="success">Trial</Badge>}
      </div>
      <h3 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{plan.title}</h3>
      {plan.description && (
        <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      )}
      <div className="mt-4">
        <Price plan={plan} />
      </div>
      <ul className="mt-4 space-y-2 text-sm text-slate-600 dark:text-slate-300">
        <Feature icon={CalendarDays}>
          {/* The same rule the order summary and invoices state (ADR 016). */}
          {sale.unit === 'GB'
            ? `${formatPlanDuration(plan.duration)} included in the GB price`
            : sale.unit === 'threads'
              ? `Thread price per ${formatPlanDuration(plan.duration)}`
              : formatPlanDuration(plan.duration)}
        </Feature>
        {plan.bandwidth > 0 && <Feature icon={HardDrive}>{formatNumber(plan.bandwidth)} GB included</Feature>}
        {sale.unit === 'GB' && plan.bandwidth === 0 && (
          <Feature icon={HardDrive}>From {formatNumber(sale.minValue)} GB, pay per GB</Feature>
        )}
        {plan.threads > 0 && <Feature icon={Layers}>{formatNumber(plan.threads)} threads</Feature>}
        {sale.unit === 'threads' && plan.threads === 0 && (
          <Feature icon={Layers}>From {formatNumber(sale.minValue)} threads</Feature>
        )}
        <Feature icon={Gauge}>
          {plan.throughput > 0 ? `${formatNumber(plan.throughput)} Mbps` : 'Unlimited speed'}
        </Feature>
        {plan.serverGeo && <Feature icon={Globe2}>{plan.serverGeo}</Feature>}
      </ul>
      <div className="mt-auto pt-5">
        <Link to={to} className={buttonClass('primary', 'md', 'w-full')} aria-label={`${actionLabel} ${plan.title}`}>
          {actionLabel}
        </Link>
      </div>
    </Card>
  );
}
