import { useState, type ReactNode } from 'react';
import { CalendarClock, Gauge, KeyRound, RefreshCcw, RotateCcw, Trash2 } from 'lucide-react';
import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { useConfirm, type ConfirmOptions } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useSupportPlanChange, type ChangeOutcome, type SupportPlanChange } from '../api/support-subscriptions.ts';
import { PlanGrantDialog, type GrantKind } from './plan-grant-dialog.tsx';

/** The server answers 'Subscription deleted' for both deletions; this one only stops renewals. */
export const RENEWAL_REMOVED = 'Auto-renewal removed';

const planName = (plan: StaffSubscription) => (plan.label ? `${plan.planTitle} (${plan.label})` : plan.planTitle);

/** A change that waits for a second staff member is news, not a success (ADR 011). */
function report(change: SupportPlanChange, outcome: ChangeOutcome) {
  if (outcome.pending) return void notify('info', outcome.message);
  void notify('success', change.kind === 'deleteRenewal' ? RENEWAL_REMOVED : outcome.message);
}

type Confirmable = 'regenerate' | 'deleteRenewal' | 'delete';
const CONFIRMS: Record<Confirmable, (plan: StaffSubscription) => Omit<ConfirmOptions, 'action'>> = {
  regenerate: (plan) => ({
    title: 'Regenerate proxy credentials?',
    description: `The proxy password of ${planName(plan)} changes at once; the customer must use the new one.`,
    confirmLabel: 'Regenerate',
    variant: 'primary',
  }),
  deleteRenewal: (plan) => ({
    title: 'Delete only the renewal?',
    description: `Auto-renew of ${planName(plan)} is switched off and its renew value cleared. The plan itself stays.`,
    confirmLabel: 'Delete renewal',
  }),
  delete: (plan) => ({
    title: 'Delete this subscription?',
    description: `${planName(plan)} is cancelled and leaves the customer’s dashboard. Its invoices stay.`,
    confirmLabel: 'Delete subscription',
  }),
};

/**
 * Support's tools on a customer's plans (spec §6: add bandwidth, plantime, resigen, resolve, delete)
 * as row actions of the plans list, with the dialogs they open. Render `dialogs` once.
 */
export function useSupportPlanActions(accountId: string): {
  rowActions: RowActions<StaffSubscription>;
  dialogs: ReactNode;
} {
  const change = useSupportPlanChange(accountId);
  const { confirm, dialog } = useConfirm();
  const [granting, setGranting] = useState<{ kind: GrantKind; plan: StaffSubscription } | null>(null);

  const apply = async (next: SupportPlanChange) => {
    const outcome = await change.mutateAsync(next);
    report(next, outcome);
    return outcome;
  };
  const resolve = (plan: StaffSubscription) =>
    apply({ kind: 'resolve', id: plan.id }).catch((error: unknown) => void notify('error', errorMessage(error)));
  const confirmed = (kind: Confirmable, plan: StaffSubscription) =>
    void confirm({ ...CONFIRMS[kind](plan), action: () => apply({ kind, id: plan.id }) });

  const rowActions: RowActions<StaffSubscription> = {
    label: planName,
    groups: (plan) => {
      const gone = plan.deleted;
      return [
        [
          {
            label: 'Add bandwidth',
            icon: Gauge,
            disabled: gone,
            onSelect: () => setGranting({ kind: 'bandwidth', plan }),
          },
          {
            label: 'Add or subtract days',
            icon: CalendarClock,
            disabled: gone,
            onSelect: () => setGranting({ kind: 'days', plan }),
          },
          { label: 'Resolve', icon: RotateCcw, disabled: gone, onSelect: () => void resolve(plan) },
          {
            label: 'Regenerate credentials',
            icon: KeyRound,
            disabled: gone,
            onSelect: () => confirmed('regenerate', plan),
          },
        ],
        [
          {
            label: 'Delete only renewal',
            icon: RefreshCcw,
            disabled: gone || (!plan.autoRenew && plan.renewValue === null),
            onSelect: () => confirmed('deleteRenewal', plan),
          },
          {
            label: 'Delete subscription',
            icon: Trash2,
            danger: true,
            disabled: gone,
            onSelect: () => confirmed('delete', plan),
          },
        ],
      ];
    },
  };

  const dialogs = (
    <>
      {dialog}
      {granting && (
        <PlanGrantDialog
          key={`${granting.kind}-${granting.plan.id}`}
          kind={granting.kind}
          plan={granting.plan}
          apply={apply}
          onClose={() => setGranting(null)}
        />
      )}
    </>
  );
  return { rowActions, dialogs };
}
