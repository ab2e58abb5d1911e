import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { hidePlan, PLAN_TYPES, type Plan, type PlanType } from '@tollgate/contract/plans/plans';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { DataTable, pagedQueryProps, useTableState, type Column } from '#components/ui/data-table.tsx';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { PLANS_PAGE_SIZE, useAdminPlans, useSetPlanVisibility } from '../api/admin-plans.ts';
import { DeletePlanDialog } from '../components/delete-plan-dialog.tsx';
import { planColumns } from '../components/plan-columns.tsx';

export default function AdminPlansPage() {
  const { page, setPage, search, setSearch, fromFirstPage } = useTableState();
  const [type, setType] = useState<PlanType | ''>('');
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const list = useAdminPlans({ page, search, type });
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
            to={generatePath(paths.admin.editPlan, { planId: plan.id })}
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
          <Link to={paths.admin.newPlan} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New plan
          </Link>
        }
      />
      <DataTable
        caption="Plans"
        columns={[...planColumns, actions]}
        {...pagedQueryProps(list)}
        rowKey={(plan) => plan.id}
        page={page}
        pageSize={PLANS_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by title or provider"
        toolbar={
          <FilterSelect
            label="Filter by type"
            options={PLAN_TYPES}
            labels={PLAN_TYPE_LABELS}
            allLabel="All types"
            value={type}
            onChange={fromFirstPage(setType)}
            className="w-full sm:w-44"
          />
        }
        emptyTitle="No plans yet"
        emptyDescription="Create the first plan to open the shop."
      />
      <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
