import { useState } from 'react';
import type { WebhookDelivery } from '@tollgate/contract/automation/webhooks';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Card, CardHeader } from '#components/ui/card.tsx';
import { DataTable, pagedQueryProps, type Column } from '#components/ui/data-table.tsx';
import { formatDate } from '#lib/format.ts';
import { useDeliveries } from '../../api/automation.ts';

const PAGE_SIZE = 10;
const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

const columns: Column<WebhookDelivery>[] = [
  { key: 'when', header: 'When', cell: (d) => formatDate(d.lastAttemptAt ?? d.createdAt, '24h') },
  {
    key: 'event',
    header: 'Event',
    cell: (d) => (
      <div className="min-w-0">
        <p className="font-mono text-xs text-slate-900 dark:text-white">{d.eventType}</p>
        <p className="max-w-56 truncate text-xs text-slate-500 dark:text-slate-400" title={d.url}>
          {d.url}
        </p>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <div className="space-y-1">
        <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
        {d.nextAttemptAt && (
          <p className="text-xs text-slate-500 dark:text-slate-400">next {formatDate(d.nextAttemptAt, '24h')}</p>
        )}
      </div>
    ),
  },
  { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
  {
    key: 'answer',
    header: 'Last answer',
    cell: (d) => (
      <div className="min-w-0">
        <p className="text-sm">{d.lastStatus ? `HTTP ${d.lastStatus}` : d.attempts ? 'No answer' : '—'}</p>
        {d.lastResponse && (
          <p
            className="line-clamp-2 font-mono text-xs break-all text-slate-500 md:max-w-64 dark:text-slate-400"
            title={d.lastResponse}
          >
            {d.lastResponse}
          </p>
        )}
      </div>
    ),
  },
];

/** What was sent to the customer's webhooks and what each answered, newest first. */
export function DeliveriesCard() {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(page, PAGE_SIZE);
  return (
    <Card>
      <CardHeader
        title="Delivery log"
        description="Every event sent to your webhooks, with the answer it got. Failed ones are retried for about a day."
      />
      <DataTable
        caption="Webhook delivery log"
        columns={columns}
        rowKey={(d) => d.id}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyTitle="Nothing sent yet"
        emptyDescription="Alerts sent by webhook, and test events, appear here with the answer they got."
        {...pagedQueryProps(deliveries)}
      />
    </Card>
  );
}
