import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import type { ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { resellerDeleteSubUserPlan } from '@tollgate/contract/reseller/sub-users';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatBalance, formatBytes, formatDate, formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useResellerSource, type SubUserDetail as Detail } from '../api/source.ts';
import { PRODUCT_LABELS } from '../utils/labels.ts';
import { returnRule, unitOf } from '../utils/pricing.ts';
import { bytesText, gbText } from '../utils/usage.ts';
import { GbPerDayChart } from '#components/charts/gb-per-day-chart.tsx';
import { SellPlanDialog } from './sell-plan-dialog.tsx';

type SoldPlan = Detail['plans'][number];

const STATUS_TONES = { active: 'success', pending: 'warning', expired: 'neutral', cancelled: 'danger' } as const;
const gb = (value: number) => formatNumber(Math.round(value * 100) / 100);

/** What came back, in one line for the toast. */
function returnedText(result: { returnedGb: number; returnedBalance: number }): string {
  const parts = [
    ...(result.returnedGb > 0 ? [`${result.returnedGb} GB back in your prepaid pool`] : []),
    ...(result.returnedBalance > 0 ? [`${formatBalance(result.returnedBalance)} back on your balance`] : []),
  ];
  return parts.length > 0
    ? `${resellerDeleteSubUserPlan.message}: ${parts.join(', ')}`
    : `${resellerDeleteSubUserPlan.message}: nothing to return`;
}

function size(plan: SoldPlan): string {
  if (unitOf(plan.type) === 'threads') return `${formatNumber(plan.threads)} IPs · ${gb(plan.usedGb)} GB carried`;
  return `${gb(plan.usedGb)} of ${formatNumber(plan.bandwidthGb)} GB used`;
}

function PlanRow({ plan, onDelete }: { plan: SoldPlan; onDelete: (() => void) | null }) {
  const ending = plan.status === 'active' || plan.status === 'pending';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          <span className="break-words">{plan.title}</span>
          <Badge tone={STATUS_TONES[plan.status]}>{plan.status}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
          {PRODUCT_LABELS[plan.type]} · {size(plan)} ·{' '}
          {plan.expiresAt ? `expires ${formatDate(plan.expiresAt)}` : 'no expiry yet'}
        </p>
        {plan.usedBytes !== undefined && (
          <p className="mt-0.5 text-xs text-slate-500 tabular-nums dark:text-slate-400" data-testid="plan-usage-bytes">
            Traffic: {bytesText(plan.usedBytes)} ({formatBytes(plan.usedBytes)})
          </p>
        )}
      </div>
      {ending && onDelete && (
        <Button size="sm" variant="ghost-danger" onClick={onDelete} aria-label={`Delete ${plan.title}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete
        </Button>
      )}
    </li>
  );
}

/** One sub-user: the plans sold to them, their traffic per day, and selling or ending a plan. */
export function SubUserDetail({
  id,
  backHref,
  terms,
}: {
  id: string;
  backHref: string;
  terms: Pick<ResellerDashboard, 'prices' | 'gbvalue' | 'balance'>;
}) {
  const source = useResellerSource();
  const subUser = source.useSubUser(id);
  const remove = source.useDeletePlan(id);
  const [selling, setSelling] = useState(false);
  const { confirm, dialog } = useConfirm();
  /** Ends a sold plan at once after saying what comes back for its product (ADR 041). */
  const deletePlan = async (plan: SoldPlan) => {
    if (!remove) return;
    let returned = '';
    const done = await confirm({
      title: `Delete ${plan.title}?`,
      description: `The plan stops working at once for your sub-user. ${returnRule(plan.type)}`,
      confirmLabel: 'Delete plan',
      action: async () => {
        returned = returnedText(await remove.mutateAsync(plan.id));
      },
    });
    if (done) void notify('success', returned);
  };
  const back = (
    <Link
      to={backHref}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> All sub-users
    </Link>
  );
  const usage = (data: Detail) =>
    data.usedBytes === undefined ? null : (
      <dl className="grid gap-3 sm:grid-cols-3" aria-label={`Usage of ${data.username}`}>
        {[
          ['Traffic', gbText(data.usedGb ?? 0)],
          ['In bytes', bytesText(data.usedBytes)],
          ['Active plans', formatNumber(data.activePlans)],
        ].map(([label, value]) => (
          <div key={label} className="min-w-0 rounded-lg bg-slate-50 p-3 dark:bg-slate-950">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 font-semibold break-words text-slate-900 tabular-nums dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    );
  if (subUser.error && !subUser.data)
    return (
      <div className="space-y-4">
        {back}
        <Card>
          <ErrorState error={subUser.error} onRetry={() => void subUser.refetch()} />
        </Card>
      </div>
    );
  if (!subUser.data)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading sub-user" />
      </div>
    );
  const data = subUser.data;
  return (
    <div className="space-y-6">
      {back}
      <Card>
        <CardHeader
          title={data.username}
          description={`${data.email} · sub-user since ${formatDate(data.createdAt)}`}
          action={
            <Button onClick={() => setSelling(true)}>
              <Plus className="size-4" aria-hidden="true" /> Sell a plan
            </Button>
          }
        />
        <CardBody className="space-y-4">
          {usage(data)}
          {data.plans.length === 0 ? (
            <EmptyState
              title="No plans yet"
              description="Sell them a plan: it is paid from your balance at your prices."
            />
          ) : (
            <ul aria-label={`Plans of ${data.username}`} className="divide-y divide-slate-200 dark:divide-slate-800">
              {data.plans.map((plan) => (
                <PlanRow key={plan.id} plan={plan} onDelete={remove ? () => void deletePlan(plan) : null} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <Card className="min-w-0">
        <CardHeader title="Usage per day" description="GB their plans carried, last 30 days" />
        <CardBody>
          <GbPerDayChart days={data.gbPerDay} title={`Usage of ${data.username} per day`} />
        </CardBody>
      </Card>
      <SellPlanDialog subUser={data} terms={terms} open={selling} onClose={() => setSelling(false)} />
      {dialog}
    </div>
  );
}
