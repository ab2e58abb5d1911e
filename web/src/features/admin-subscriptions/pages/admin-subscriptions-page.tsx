import { useState } from 'react';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import { SUBSCRIPTION_STATUSES } from '@tollgate/contract/subscriptions/subscriptions';
import { PageHeader } from '#components/page-header.tsx';
import { DataTable, pagedQueryProps, useTableState } from '#components/ui/data-table.tsx';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, useAdminSubscriptions, type SubscriptionStatus } from '../api/admin-subscriptions.ts';
import { subscriptionColumns } from '../components/subscription-columns.tsx';
import { STATUS_LABELS } from '../components/subscription-status-badge.tsx';

/** /admin/subscriptions: every customer's plans, newest first, 20 a page. */
export default function AdminSubscriptionsPage() {
  const { page, setPage, search, setSearch, fromFirstPage } = useTableState();
  const [type, setType] = useState<PlanType | ''>('');
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const list = useAdminSubscriptions({ page, search, type, status });

  return (
    <>
      <PageHeader title="Subscriptions" description="Customers' plans. Open one to edit it or use the staff tools." />
      <DataTable
        caption="Subscriptions"
        columns={subscriptionColumns}
        {...pagedQueryProps(list)}
        rowKey={(row) => row.id}
        page={page}
        pageSize={SUBSCRIPTIONS_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by plan, country, username or email"
        toolbar={
          <>
            <FilterSelect
              label="Filter by type"
              options={PLAN_TYPES}
              labels={PLAN_TYPE_LABELS}
              allLabel="All types"
              value={type}
              onChange={fromFirstPage(setType)}
              className="w-full sm:w-40"
            />
            <FilterSelect
              label="Filter by status"
              options={SUBSCRIPTION_STATUSES}
              labels={STATUS_LABELS}
              allLabel="All statuses"
              value={status}
              onChange={fromFirstPage(setStatus)}
              className="w-full sm:w-44"
            />
          </>
        }
        emptyTitle="No subscriptions"
        emptyDescription="Plans appear here as soon as customers buy them."
      />
    </>
  );
}
