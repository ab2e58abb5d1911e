import type { StaffSubscription } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';

const TONES: Record<StaffSubscription['status'], { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  expired: { tone: 'danger', label: 'Expired' },
  pending: { tone: 'info', label: 'Pending payment' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
};

export const STATUS_LABELS = Object.fromEntries(
  Object.entries(TONES).map(([status, { label }]) => [status, label]),
) as Record<StaffSubscription['status'], string>;

/** Status, plus Depleted for used-up GB plans and Deleted once removed. */
export function SubscriptionStatusBadge({
  subscription,
}: {
  subscription: Pick<StaffSubscription, 'status' | 'depleted' | 'deleted'>;
}) {
  const { tone, label } = TONES[subscription.status];
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={tone}>{label}</Badge>
      {subscription.depleted && <Badge tone="warning">Depleted</Badge>}
      {subscription.deleted && <Badge tone="neutral">Deleted</Badge>}
    </span>
  );
}
