import { useState } from 'react';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import { SUBSCRIPTION_STATUSES } from '@tollgate/contract/subscriptions/subscriptions';
import { PageHeader } from '#components/page-header.tsx';
import { DataTable, useTableState } from '#components/ui/data-table.tsx';
import { Select } from '#components/ui/select.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, useAdminSubscriptions, type SubscriptionStatus } from '../api/admin-subscriptions.ts';
import { subscriptionColumns } from '../components/subscription-columns.tsx';
import { STATUS_LABELS } from '../components/subscription-status-badge.tsx';

/** /admin/subscriptions: every customer's plans, newest first, 20 a page. */
export default function AdminSubscriptionsPage() {
  const { page, setPage, search, setSearch } = useTableState();
  const [type, setType] = useState<PlanType | ''>('');
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const list = useAdminSubscriptions({ page, search, type, status });

  return (
    <>
      <PageHeader title="Subscriptions" description="Customers' plans. Open one to edit it or use the staff tools." />
      <DataTable
        caption="Subscriptions"
        columns={subscriptionColumns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={SUBSCRIPTIONS_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by plan, country, username or email"
        toolbar={
          <>
            <Select
              label="Filter by type"
              hideLabel
              value={type}
              onChange={(event) => {
                setType(event.target.value as PlanType | '');
                setPage(1);
              }}
              className="w-full sm:w-40"
            >
              <option value="">All types</option>
              {PLAN_TYPES.map((item) => (
                <option key={item} value={item}>
                  {PLAN_TYPE_LABELS[item]}
                </option>
              ))}
            </Select>
            <Select
              label="Filter by status"
              hideLabel
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as SubscriptionStatus | '');
                setPage(1);
              }}
              className="w-full sm:w-44"
            >
              <option value="">All statuses</option>
              {SUBSCRIPTION_STATUSES.map((item) => (
                <option key={item} value={item}>
                  {STATUS_LABELS[item]}
                </option>
              ))}
            </Select>
          </>
        }
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle="No subscriptions"
        emptyDescription="Plans appear here as soon as customers buy them."
      />
    </>
  );
}
