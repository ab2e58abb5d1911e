import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import type { Campaign, CampaignRecipient, RecipientStatus } from '@tollgate/contract/admin/mail-sender';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DataTable, pagedQueryProps, useTableState, type Column } from '#components/ui/data-table.tsx';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import {
  RECIPIENT_STATUSES,
  RECIPIENTS_PAGE_SIZE,
  useCampaign,
  useCampaignPreview,
  useCampaignRecipients,
  useCancelCampaign,
} from '../api/mail-sender.ts';
import { describeAudience } from '../utils/audience.ts';
import { CampaignProgressBar, CampaignStatusBadge } from './campaign-progress.tsx';
import { MailPreview } from './mail-preview.tsx';

const RECIPIENT_LABELS: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};
const RECIPIENT_TONES: Record<RecipientStatus, BadgeTone> = {
  queued: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

const recipientColumns: Array<Column<CampaignRecipient>> = [
  {
    key: 'who',
    header: 'Customer',
    cell: (r) => (
      <span className="[overflow-wrap:anywhere]">
        <span className="font-medium text-slate-900 dark:text-white">{r.username}</span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{r.email}</span>
      </span>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => <Badge tone={RECIPIENT_TONES[r.status]}>{RECIPIENT_LABELS[r.status]}</Badge>,
  },
  {
    key: 'detail',
    header: 'Detail',
    cell: (r) =>
      r.error ? (
        <span className={r.status === 'failed' ? 'text-red-600 dark:text-red-400' : undefined}>{r.error}</span>
      ) : r.sentAt ? (
        `Sent ${formatDate(r.sentAt, '24h')}`
      ) : (
        '—'
      ),
  },
  { key: 'attempts', header: 'Attempts', className: 'tabular-nums', cell: (r) => r.attempts },
];

/** What cancelling leaves out, counted live while the question is open (the campaign is polled). */
function QueuedLeftOut({ campaign }: { campaign: Campaign }) {
  const { queued } = (useCampaign(campaign.id).data ?? campaign).progress;
  return (
    <>
      {`${queued} queued ${queued === 1 ? 'recipient does' : 'recipients do'} not receive it. Mail already sent stays sent.`}
    </>
  );
}

/** A campaign that went out: its progress (live while sending), facts, content and each recipient. */
export function CampaignDetail({ campaign }: { campaign: Campaign }) {
  const { confirm, dialog } = useConfirm();
  const cancel = useCancelCampaign();
  const cancelRest = async () => {
    const done = await confirm({
      title: 'Cancel the rest of this campaign?',
      description: <QueuedLeftOut campaign={campaign} />,
      confirmLabel: 'Cancel the rest',
      action: () => cancel.mutateAsync(campaign.id),
    });
    if (done) void notify('success', 'Campaign cancelled');
  };
  const table = useTableState();
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const live = campaign.status === 'sending';
  const recipients = useCampaignRecipients(
    campaign.id,
    { page: table.page, search: table.search, status },
    { live, progress: campaign.progress },
  );
  const preview = useCampaignPreview({ subject: campaign.subject, body: campaign.body });
  const facts: Array<[string, string]> = [
    ['Audience', describeAudience(campaign.audience)],
    [
      'Created',
      `${formatDate(campaign.createdAt, '24h')}${campaign.createdBy ? ` by ${campaign.createdBy.username}` : ''}`,
    ],
    ['Started', formatDate(campaign.startedAt, '24h')],
    ...(campaign.cancelledAt
      ? ([['Cancelled', formatDate(campaign.cancelledAt, '24h')]] as Array<[string, string]>)
      : campaign.finishedAt
        ? ([['Finished', formatDate(campaign.finishedAt, '24h')]] as Array<[string, string]>)
        : []),
  ];

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={
            <span className="flex items-center gap-2">
              Delivery <CampaignStatusBadge status={campaign.status} />
            </span>
          }
          description={live ? 'Updates every few seconds while it goes out.' : undefined}
          action={
            live && (
              <Button variant="outline" size="sm" onClick={() => void cancelRest()}>
                <CircleStop className="size-4" aria-hidden />
                Cancel the rest
              </Button>
            )
          }
        />
        <CardBody className="space-y-5">
          <CampaignProgressBar progress={campaign.progress} />
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="break-words text-slate-900 dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </Card>

      <section aria-labelledby="recipients-heading" className="space-y-3">
        <h2 id="recipients-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Recipients
        </h2>
        <DataTable
          caption="Recipients"
          columns={recipientColumns}
          {...pagedQueryProps(recipients)}
          rowKey={(r) => r.accountId}
          page={table.page}
          pageSize={RECIPIENTS_PAGE_SIZE}
          onPageChange={table.setPage}
          onSearch={table.setSearch}
          searchValue={table.search}
          searchPlaceholder="Search by username or email"
          toolbar={
            <FilterSelect
              label="Filter by delivery status"
              options={RECIPIENT_STATUSES}
              labels={RECIPIENT_LABELS}
              allLabel="All statuses"
              value={status}
              onChange={table.fromFirstPage(setStatus)}
              className="w-full sm:w-44"
            />
          }
          filtered={status !== ''}
          emptyTitle="No recipients match"
        />
      </section>
      <Card className="max-w-3xl">
        <CardHeader title="Message" description="As customers received it, greeting you as the reader." />
        <CardBody>
          <MailPreview preview={preview.data} loading={preview.isFetching} />
        </CardBody>
      </Card>

      {dialog}
    </div>
  );
}
