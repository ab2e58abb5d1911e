import { PLAN_TYPES, type Plan } from '@tollgate/contract/plans/plans';
import { ListPage, type PagedQuery } from '#components/list-page/list-page.tsx';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import type { ListParams } from '#lib/use-list-params.ts';
import { PLANS_PAGE_SIZE } from '../api/admin-plans.ts';
import { planColumns } from './plan-columns.tsx';

/** The list's filters, for `useListParams`. */
export const PLAN_FILTERS = { type: PLAN_TYPES };

/**
 * Every plan, hidden ones included, in catalogue order, searchable and filtered by type: the admin
 * and the Support pages each read it from their endpoint and say what a row offers.
 */
export function PlanList({
  params,
  list,
  rowActions,
  emptyDescription,
}: {
  params: ListParams<typeof PLAN_FILTERS, never>;
  list: PagedQuery<Plan>;
  rowActions: RowActions<Plan>;
  emptyDescription: string;
}) {
  return (
    <ListPage
      params={params}
      query={list}
      filterOptions={PLAN_FILTERS}
      filters={[{ key: 'type', label: 'Filter by type', labels: PLAN_TYPE_LABELS, allLabel: 'All types' }]}
      caption="Plans"
      columns={planColumns}
      rowActions={rowActions}
      rowKey={(plan) => plan.id}
      pageSize={PLANS_PAGE_SIZE}
      searchPlaceholder="Search by title or provider"
      emptyTitle="No plans yet"
      emptyDescription={emptyDescription}
    />
  );
}
