import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { hidePlan, PLAN_TYPES, type Plan } from '@tollgate/contract/plans/plans';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { PLANS_PAGE_SIZE, useAdminPlans, useSetPlanVisibility } from '../api/admin-plans.ts';
import { DeletePlanDialog } from '../components/delete-plan-dialog.tsx';
import { planColumns } from '../components/plan-columns.tsx';

const FILTERS = { type: PLAN_TYPES };

export default function AdminPlansPage() {
  const params = useListParams({ filters: FILTERS });
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const list = useAdminPlans({ page: params.page, search: params.search, type: params.filters.type });
  const visibility = useSetPlanVisibility();

  const toggle = (plan: Plan) =>
    visibility.mutate(
      { planId: plan.id, value: plan.status === 'active' ? 'hide' : 'show' },
      {
        onSuccess: () => void notify('success', hidePlan.message),
        onError: (error) => void notify('error', errorMessage(error)),
      },
    );

  const actions: Column<Plan> = {
    key: 'actions',
    header: 'Actions',
    className: 'whitespace-nowrap',
    cell: (plan) => {
      const hiding = plan.status === 'active';
      return (
        <div className="flex justify-end gap-1 md:justify-start">
          <Link
            to={generatePath(staffPaths.admin.editPlan, { planId: plan.id })}
            className={buttonClass('ghost', 'icon')}
            aria-label={`Edit ${plan.title}`}
            title="Edit"
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <Button
            variant="ghost"
            size="icon"
            disabled={visibility.isPending && visibility.variables?.planId === plan.id}
            onClick={() => toggle(plan)}
            aria-label={`${hiding ? 'Hide' : 'Show'} ${plan.title}`}
            title={hiding ? 'Hide from sale' : 'Put on sale'}
          >
            {hiding ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          </Button>
          <Button
            variant="ghost-danger"
            size="icon"
            onClick={() => setDeleting(plan)}
            aria-label={`Delete ${plan.title}`}
            title="Delete"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      );
    },
  };

  return (
    <>
      <PageHeader
        title="Plan Management"
        description="Every plan, hidden ones included, in catalogue order."
        actions={
          <Link to={staffPaths.admin.newPlan} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New plan
          </Link>
        }
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[{ key: 'type', label: 'Filter by type', labels: PLAN_TYPE_LABELS, allLabel: 'All types' }]}
        caption="Plans"
        columns={[...planColumns, actions]}
        rowKey={(plan) => plan.id}
        pageSize={PLANS_PAGE_SIZE}
        searchPlaceholder="Search by title or provider"
        emptyTitle="No plans yet"
        emptyDescription="Create the first plan to open the shop."
      />
      <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
