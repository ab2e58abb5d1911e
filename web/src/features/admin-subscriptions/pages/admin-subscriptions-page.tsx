import { PLAN_TYPES } from '@tollgate/contract/plans/plans';
import { SUBSCRIPTION_STATUSES } from '@tollgate/contract/subscriptions/subscriptions';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, useAdminSubscriptions } from '../api/admin-subscriptions.ts';
import { subscriptionColumns } from '../components/subscription-columns.tsx';
import { STATUS_LABELS } from '../components/subscription-status-badge.tsx';

const FILTERS = { type: PLAN_TYPES, status: SUBSCRIPTION_STATUSES };

/** /admin/subscriptions: every customer's plans, newest first, 20 a page. */
export default function AdminSubscriptionsPage() {
  const params = useListParams({ filters: FILTERS });
  const list = useAdminSubscriptions({ page: params.page, search: params.search, ...params.filters });
  return (
    <>
      <PageHeader title="Subscriptions" description="Customers' plans. Open one to edit it or use the staff tools." />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[
          {
            key: 'type',
            label: 'Filter by type',
            labels: PLAN_TYPE_LABELS,
            allLabel: 'All types',
            className: 'w-full sm:w-40',
          },
          { key: 'status', label: 'Filter by status', labels: STATUS_LABELS, allLabel: 'All statuses' },
        ]}
        caption="Subscriptions"
        columns={subscriptionColumns}
        rowKey={(row) => row.id}
        pageSize={SUBSCRIPTIONS_PAGE_SIZE}
        searchPlaceholder="Search by plan, country, username or email"
        emptyTitle="No subscriptions"
        emptyDescription="Plans appear here as soon as customers buy them."
      />
    </>
  );
}
