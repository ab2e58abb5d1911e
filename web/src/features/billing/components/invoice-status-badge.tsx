import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { STATUS_LABELS, type InvoiceStatus } from '../utils/invoice-query.ts';

const TONES: Record<InvoiceStatus, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
