import { Eye, EyeOff } from 'lucide-react';
import { hidePlan, PLAN_TYPES, type Plan } from '@tollgate/contract/plans/plans';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { PLANS_PAGE_SIZE, useSetPlanVisibility, useSupportPlans } from '../api/admin-plans.ts';
import { planColumns } from '../components/plan-columns.tsx';

const FILTERS = { type: PLAN_TYPES };

/** /support/plans: every plan with its visibility; Support may hide one from sale or show it again (spec §6). */
export default function SupportPlansPage() {
  const params = useListParams({ filters: FILTERS });
  const list = useSupportPlans({ page: params.page, search: params.search, type: params.filters.type });
  const visibility = useSetPlanVisibility('support');
  const { confirm, dialog } = useConfirm();

  const setVisible = async (plan: Plan, value: 'hide' | 'show') => {
    const done = await confirm({
      title: value === 'hide' ? `Hide ${plan.title} from sale?` : `Put ${plan.title} on sale again?`,
      description:
        value === 'hide'
          ? 'New customers can no longer buy it; plans already sold keep running.'
          : 'Customers can buy it again from the plans page.',
      confirmLabel: value === 'hide' ? 'Hide plan' : 'Show plan',
      variant: value === 'hide' ? 'danger' : 'primary',
      action: () => visibility.mutateAsync({ planId: plan.id, value }),
    });
    if (done) void notify('success', hidePlan.message);
  };

  return (
    <>
      <PageHeader title="Plans" description="Every plan, hidden ones included, in catalogue order." />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[{ key: 'type', label: 'Filter by type', labels: PLAN_TYPE_LABELS, allLabel: 'All types' }]}
        caption="Plans"
        columns={planColumns}
        rowKey={(plan) => plan.id}
        rowActions={{
          label: (plan) => plan.title,
          groups: (plan) => [
            plan.status === 'active'
              ? [{ label: 'Hide from sale', icon: EyeOff, onSelect: () => void setVisible(plan, 'hide') }]
              : [{ label: 'Put on sale', icon: Eye, onSelect: () => void setVisible(plan, 'show') }],
          ],
        }}
        pageSize={PLANS_PAGE_SIZE}
        searchPlaceholder="Search by title or provider"
        emptyTitle="No plans yet"
        emptyDescription="Plans the shop sells appear here."
      />
      {dialog}
    </>
  );
}
