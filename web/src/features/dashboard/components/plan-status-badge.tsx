import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import type { PlanState } from '../utils/plan-state.ts';

const BADGES: Record<PlanState, { tone: BadgeTone; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  depleted: { tone: 'warning', label: 'Depleted' },
  expired: { tone: 'danger', label: 'Expired' },
  pending: { tone: 'info', label: 'Pending payment' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
};

export function PlanStatusBadge({ state }: { state: PlanState }) {
  const { tone, label } = BADGES[state];
  return <Badge tone={tone}>{label}</Badge>;
}
