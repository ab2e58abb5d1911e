import type { SystemDelivery, SystemStatus } from '@tollgate/contract/admin/system';
import { Badge } from '#components/ui/badge.tsx';
import { DataTable, wholeListProps, type Column } from '#components/ui/data-table.tsx';
import { formatNumber } from '#lib/format.ts';
import { formatAge } from '../utils/ages.ts';
import { SystemSection } from './system-section.tsx';

type Queue = SystemStatus['queues'][number];

/** A job waiting longer than this means no instance is working the queue (the alert's threshold). */
const LATE_SECONDS = 600;

const queueColumns: Column<Queue>[] = [
  { key: 'queue', header: 'Job', cell: (q) => <span className="font-mono text-xs">{q.queue}</span> },
  { key: 'due', header: 'Due', cell: (q) => formatNumber(q.due) },
  {
    key: 'lag',
    header: 'Oldest waiting',
    cell: (q) =>
      q.lagSeconds > LATE_SECONDS ? <Badge tone="danger">{formatAge(q.lagSeconds)}</Badge> : formatAge(q.lagSeconds),
  },
];

export function QueuesSection({ queues }: { queues: Queue[] }) {
  return (
    <SystemSection
      title="Scheduled jobs"
      description="Renewals, expiries, reminders and sweeps that are due and not yet taken by an instance."
    >
      <DataTable
        caption="Scheduled jobs due"
        columns={queueColumns}
        {...wholeListProps(queues)}
        rowKey={(q) => q.queue}
        emptyTitle="Nothing is waiting"
        emptyDescription="Every job that came due has been taken. Jobs run on the instances started with JOBS_ENABLED."
      />
    </SystemSection>
  );
}

const KIND_LABELS: Record<SystemDelivery['kind'], string> = {
  webhooks: 'Webhooks',
  notices: 'Mail notices',
  'campaign mail': 'Campaign mail',
};

const deliveryColumns: Column<SystemDelivery>[] = [
  { key: 'kind', header: 'What', cell: (d) => <span className="font-medium">{KIND_LABELS[d.kind]}</span> },
  { key: 'pending', header: 'Waiting', cell: (d) => formatNumber(d.pending) },
  {
    key: 'failing',
    header: 'Failing',
    cell: (d) => (d.failing > 0 ? <Badge tone="warning">{formatNumber(d.failing)}</Badge> : '0'),
  },
  {
    key: 'oldest',
    header: 'Oldest waiting',
    cell: (d) => (d.oldestPendingSeconds === null ? '–' : formatAge(d.oldestPendingSeconds)),
  },
];

export function DeliveriesSection({ deliveries }: { deliveries: SystemDelivery[] }) {
  return (
    <SystemSection
      title="Deliveries"
      description="Customers' webhooks, their mail notices and campaign mail not yet delivered. Failing: webhooks and campaign mail given up on in the last day, notices that are being retried."
    >
      <DataTable
        caption="Undelivered webhooks, notices and campaign mail"
        columns={deliveryColumns}
        {...wholeListProps(deliveries)}
        rowKey={(d) => d.kind}
      />
    </SystemSection>
  );
}
