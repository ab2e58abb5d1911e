import { useNavigate } from 'react-router';
import { BadgeCheck, KeyRound, RefreshCcw, RotateCcw, Trash2, type LucideIcon } from 'lucide-react';
import {
  deleteSubscription,
  PAYMENT_VERIFICATION_FAILED,
  regenerateCredentials,
  resolveSubscription,
  reverifyPayment,
  type StaffSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import {
  useDeleteSubscription,
  useRegenerateCredentials,
  useResolveSubscription,
  useReverifyPayment,
} from '../api/admin-subscriptions.ts';
import { staffPaths } from '#lib/staff-paths.ts';

export const RENEWAL_REMOVED = 'Auto-renewal removed';

function Tool({
  icon: Icon,
  label,
  hint,
  onClick,
  busy,
  danger,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  onClick: () => void;
  busy?: boolean;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-[12rem] flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{label}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{hint}</p>
      </div>
      <Button
        size="sm"
        variant={danger ? 'danger' : 'outline'}
        onClick={onClick}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
      >
        <Icon className="size-4" aria-hidden="true" />
        {label}
      </Button>
    </li>
  );
}

/** One-click staff tools (spec §4): resolve, reverify payment, new credentials and the deletions. */
export function SubscriptionTools({ subscription }: { subscription: StaffSubscription }) {
  const navigate = useNavigate();
  const resolve = useResolveSubscription(subscription.id);
  const reverify = useReverifyPayment(subscription.id);
  const regenerate = useRegenerateCredentials(subscription.id);
  const remove = useDeleteSubscription(subscription.id);
  const { confirm, dialog } = useConfirm();
  const failed = (error: unknown) => void notify('error', errorMessage(error));

  // Each asks first; a refusal stays in the dialog for another try (useConfirm).
  const regenerateCredentialsAsked = async () => {
    const done = await confirm({
      title: 'Regenerate proxy credentials?',
      description: 'The proxy password changes at once; the customer must use the new one.',
      confirmLabel: 'Regenerate',
      variant: 'primary',
      action: () => regenerate.mutateAsync(),
    });
    if (done) void notify('success', regenerateCredentials.message);
  };
  const deleteRenewalAsked = async () => {
    const done = await confirm({
      title: 'Delete only the renewal?',
      description: 'Auto-renew is switched off and its renew value cleared. The plan itself stays.',
      confirmLabel: 'Delete renewal',
      action: () => remove.mutateAsync(true),
    });
    if (done) void notify('success', RENEWAL_REMOVED);
  };
  const deleteAsked = async () => {
    const done = await confirm({
      title: 'Delete this subscription?',
      description: 'The plan is cancelled and leaves the customer’s dashboard. Its invoices stay.',
      confirmLabel: 'Delete subscription',
      action: () => remove.mutateAsync(false),
    });
    if (!done) return;
    void notify('success', deleteSubscription.message);
    void navigate(staffPaths.admin.subscriptions);
  };

  return (
    <Card>
      <CardHeader title="Tools" description="Every change is recorded in the audit log." />
      <CardBody>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          <Tool
            icon={RotateCcw}
            label="Resolve"
            hint="Set active or expired from the end date, and depleted from usage."
            busy={resolve.isPending}
            onClick={() =>
              resolve.mutate(undefined, {
                onSuccess: () => void notify('success', resolveSubscription.message),
                onError: failed,
              })
            }
          />
          <Tool
            icon={BadgeCheck}
            label="Reverify payment"
            hint="Ask the payment provider again about the open payment."
            busy={reverify.isPending}
            onClick={() =>
              reverify.mutate(undefined, {
                onSuccess: () => void notify('success', reverifyPayment.message),
                onError: () => void notify('error', PAYMENT_VERIFICATION_FAILED),
              })
            }
          />
          <Tool
            icon={KeyRound}
            label="Regenerate credentials"
            hint="A new proxy password for this plan."
            onClick={() => void regenerateCredentialsAsked()}
          />
          <Tool
            icon={RefreshCcw}
            label="Delete only renewal"
            hint="Stop automatic renewals, keep the plan."
            disabled={!subscription.autoRenew && subscription.renewValue === null}
            onClick={() => void deleteRenewalAsked()}
          />
          <Tool
            icon={Trash2}
            label="Delete subscription"
            hint="Cancel the plan and remove it."
            danger
            disabled={subscription.deleted}
            onClick={() => void deleteAsked()}
          />
        </ul>
      </CardBody>
      {dialog}
    </Card>
  );
}
