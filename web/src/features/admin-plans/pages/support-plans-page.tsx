import { Eye, EyeOff } from 'lucide-react';
import { hidePlan, type Plan } from '@tollgate/contract/plans/plans';
import { PageHeader } from '#components/page-header.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useSetPlanVisibility, useSupportPlans } from '../api/admin-plans.ts';
import { PLAN_FILTERS, PlanList } from '../components/plan-list.tsx';

/** /support/plans: every plan with its visibility; Support may hide one from sale or show it again (spec §6). */
export default function SupportPlansPage() {
  const params = useListParams({ filters: PLAN_FILTERS });
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
      <PlanList
        params={params}
        list={list}
        rowActions={{
          label: (plan) => plan.title,
          groups: (plan) => [
            plan.status === 'active'
              ? [{ label: 'Hide from sale', icon: EyeOff, onSelect: () => void setVisible(plan, 'hide') }]
              : [{ label: 'Put on sale', icon: Eye, onSelect: () => void setVisible(plan, 'show') }],
          ],
        }}
        emptyDescription="Plans the shop sells appear here."
      />
      {dialog}
    </>
  );
}
