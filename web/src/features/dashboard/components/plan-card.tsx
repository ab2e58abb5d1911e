import { useId, useState, type ReactNode } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { ExternalLink, FileText, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { deleteResidential, PLAN_EXPIRED, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { ApiError } from '#lib/api-client.ts';
import { Badge } from '#components/ui/badge.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card } from '#components/ui/card.tsx';
import { FactLine } from '#components/ui/fact-line.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { UsageBar } from '#components/ui/usage-bar.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBytes, formatCountry, formatDate, formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { bytesLeft, planFacts, planName, usageText } from '#lib/plan-identity.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { useActivateSubscription, useRemoveSubscription } from '../api/subscription-actions.ts';
import { daysLeftLabel, isRemovable, stateOf, unitOf, usedPercent } from '../utils/plan-state.ts';
import { AutoRenewControl } from './auto-renew-control.tsx';
import { NextRenewalNote } from './next-renewal-note.tsx';
import { PlanStatusBadge } from './plan-status-badge.tsx';
import { RenamePlanDialog } from './rename-plan-dialog.tsx';
import { RenewDialog } from './renew-dialog.tsx';

/** Spec §2: /generator/{subscriptionId}. */
export const generatorPath = (subscriptionId: string) => `/generator/${encodeURIComponent(subscriptionId)}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function BandwidthMeter({ subscription }: { subscription: Subscription }) {
  const percent = usedPercent(subscription);
  return (
    <div className="space-y-1.5" data-testid="plan-bandwidth">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900 dark:text-white">{formatBytes(bytesLeft(subscription))} left</span>
        <span className="text-slate-500 tabular-nums dark:text-slate-400">{usageText(subscription)}</span>
      </div>
      <UsageBar
        percent={percent}
        max={subscription.bandwidth}
        now={subscription.bandwidthUsed}
        text={usageText(subscription)}
        className="h-2"
      />
    </div>
  );
}

/** One plan on the dashboard with what is left of it and what can be done with it. */
export function PlanCard({ subscription, user }: { subscription: Subscription; user: CurrentUser }) {
  const titleId = useId();
  const navigate = useNavigate();
  const activate = useActivateSubscription();
  const remove = useRemoveSubscription();
  const { confirm, dialog: question } = useConfirm();
  const [dialog, setDialog] = useState<'renew' | 'rename' | null>(null);
  const state = stateOf(subscription);
  const unit = unitOf(subscription);
  const settled = subscription.status !== 'pending' && subscription.status !== 'cancelled';
  const left = daysLeftLabel(subscription.expiresAt);

  // Spec §4: active plans open their generator; anything else stays here, reloaded.
  const open = () =>
    activate.mutate(subscription.id, {
      onSuccess: (result) => {
        if (result.active) void navigate(generatorPath(subscription.id));
        else void notify('error', PLAN_EXPIRED);
      },
      onError: (error) =>
        void notify(
          'error',
          error instanceof ApiError && error.message === PLAN_EXPIRED ? PLAN_EXPIRED : errorMessage(error),
        ),
    });

  /** Takes a finished plan off the dashboard; its invoices and bill stay. */
  const removePlan = async () => {
    const removed = await confirm({
      title: `Remove ${planName(subscription)}?`,
      description: `${planFacts(subscription).join(' · ')}. It leaves your dashboard for good. Its invoices and bill stay available.`,
      confirmLabel: 'Remove plan',
      action: () => remove.mutateAsync(subscription.id),
    });
    // The card (and the dialog) leaves with the reloaded list; the toast does not hang on it.
    if (removed) void notify('success', deleteResidential.message);
  };

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid={`plan-${subscription.id}`}
      className="flex min-w-0 flex-col"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold text-slate-900 dark:text-white">
            {planName(subscription)}
          </h3>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {[subscription.label ? subscription.planTitle : null, formatCountry(subscription.country)]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <FactLine className="mt-1" facts={planFacts(subscription)} data-testid="plan-identity" />
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="brand">{PLAN_TYPE_LABELS[subscription.type]}</Badge>
          <PlanStatusBadge state={state} />
        </div>
      </div>

      <div className="flex-1 space-y-4 px-5 py-4">
        {unit === 'GB' && <BandwidthMeter subscription={subscription} />}
        <dl className="grid grid-cols-2 gap-4">
          {unit === 'threads' && <Fact label="Threads">{formatNumber(subscription.threads)}</Fact>}
          <Fact label={subscription.status === 'expired' ? 'Expired' : 'Expires'}>
            {subscription.expiresAt ? (
              <time dateTime={subscription.expiresAt} data-testid="plan-expires">
                {formatDate(subscription.expiresAt)}
              </time>
            ) : (
              'When paid'
            )}
            {left && <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">{left}</span>}
          </Fact>
        </dl>
        {settled && <AutoRenewControl subscription={subscription} />}
        {settled && <NextRenewalNote subscription={subscription} balance={user.balance} />}
      </div>

      <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        {settled && (
          <Button size="sm" onClick={open} disabled={activate.isPending} aria-describedby={titleId}>
            <ExternalLink className="size-4" aria-hidden="true" />
            Open
          </Button>
        )}
        {settled && (
          <Button size="sm" variant="outline" onClick={() => setDialog('renew')} aria-describedby={titleId}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Renew
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setDialog('rename')} aria-describedby={titleId}>
          <Pencil className="size-4" aria-hidden="true" />
          Name
        </Button>
        <Link
          to={generatePath(paths.bill, { subscriptionId: subscription.id })}
          className={buttonClass('ghost', 'sm')}
          aria-describedby={titleId}
        >
          <FileText className="size-4" aria-hidden="true" />
          Bill
        </Link>
        {isRemovable(subscription) && (
          <Button
            size="sm"
            variant="ghost-danger"
            className="sm:ml-auto"
            onClick={() => void removePlan()}
            aria-describedby={titleId}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>

      {dialog === 'renew' && <RenewDialog subscription={subscription} user={user} onClose={() => setDialog(null)} />}
      {question}
      {dialog === 'rename' && <RenamePlanDialog subscription={subscription} onClose={() => setDialog(null)} />}
    </Card>
  );
}
