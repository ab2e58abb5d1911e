import { generatePath } from 'react-router';
import { Eye, EyeOff, Pencil } from 'lucide-react';
import { deletePlan, hidePlan, type Plan } from '@tollgate/contract/plans/plans';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import type { RowActions } from '#components/ui/action-menu.tsx';
import { deleteItem, useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useAdminPlans, useDeletePlan, useSetPlanVisibility } from '../api/admin-plans.ts';
import { PLAN_FILTERS, PlanList } from '../components/plan-list.tsx';

export default function AdminPlansPage() {
  const params = useListParams({ filters: PLAN_FILTERS });
  const list = useAdminPlans({ page: params.page, search: params.search, type: params.filters.type });
  const visibility = useSetPlanVisibility();
  const remove = useDeletePlan();
  const { confirm, dialog } = useConfirm();

  const toggle = (plan: Plan) =>
    visibility.mutate(
      { planId: plan.id, value: plan.status === 'active' ? 'hide' : 'show' },
      {
        onSuccess: () => void notify('success', hidePlan.message),
        onError: (error) => void notify('error', errorMessage(error)),
      },
    );

  const rowActions: RowActions<Plan> = {
    label: (plan) => plan.title,
    groups: (plan) => {
      const hiding = plan.status === 'active';
      return [
        [
          { label: 'Edit', icon: Pencil, to: generatePath(staffPaths.admin.editPlan, { planId: plan.id }) },
          {
            label: hiding ? 'Hide from sale' : 'Put on sale',
            icon: hiding ? EyeOff : Eye,
            disabled: visibility.isPending && visibility.variables?.planId === plan.id,
            onSelect: () => toggle(plan),
          },
        ],
        [
          deleteItem(confirm, {
            title: `Delete ${plan.title}?`,
            description: 'It leaves the catalogue at once. Subscriptions and invoices that name it keep it.',
            confirmLabel: 'Delete plan',
            remove: () => remove.mutateAsync(plan.id),
            done: deletePlan.message,
          }),
        ],
      ];
    },
  };

  return (
    <>
      <PageHeader
        title="Plan Management"
        description="Every plan, hidden ones included, in catalogue order."
        actions={<NewItemLink to={staffPaths.admin.newPlan}>New plan</NewItemLink>}
      />
      <PlanList
        params={params}
        list={list}
        rowActions={rowActions}
        emptyDescription="Create the first plan to open the shop."
      />
      {dialog}
    </>
  );
}
