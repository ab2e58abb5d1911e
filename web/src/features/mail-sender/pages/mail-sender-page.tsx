import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { CAMPAIGN_STATUS_LABELS } from '@tollgate/contract/admin/mail-sender';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { CAMPAIGN_FILTERS, CAMPAIGNS_PAGE_SIZE, useCampaigns } from '../api/mail-sender.ts';
import { campaignColumns } from '../components/campaign-columns.tsx';

/** /admin/mail-sender: news campaigns, newest first, with live progress while one is going out. */
export default function MailSenderPage() {
  const params = useListParams({ filters: CAMPAIGN_FILTERS });
  const list = useCampaigns({ page: params.page, search: params.search, status: params.filters.status });
  return (
    <>
      <PageHeader
        title="Mail sender"
        description="News and offers to customers who opted in; each mail carries a one-click unsubscribe link."
        actions={
          <Link to={staffPaths.admin.newMailCampaign} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden />
            New campaign
          </Link>
        }
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={CAMPAIGN_FILTERS}
        filters={[
          { key: 'status', label: 'Filter by status', labels: CAMPAIGN_STATUS_LABELS, allLabel: 'All statuses' },
        ]}
        caption="Campaigns"
        columns={campaignColumns}
        rowKey={(row) => row.id}
        pageSize={CAMPAIGNS_PAGE_SIZE}
        searchPlaceholder="Search by subject"
        emptyTitle="No campaigns yet"
        emptyDescription="Write one with “New campaign”: it stays a draft until you send it."
      />
    </>
  );
}
