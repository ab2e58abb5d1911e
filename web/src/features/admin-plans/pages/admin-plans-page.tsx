import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { hidePlan, PLAN_TYPES, type Plan, type PlanType } from '@tollgate/contract/plans/plans';
import { PageHeader } from '#components/page-header.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { DataTable, useTableState, type Column } from '#components/ui/data-table.tsx';
import { Select } from '#components/ui/select.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { notify } from '#lib/toast.ts';
import { PLANS_PAGE_SIZE, useAdminPlans, useSetPlanVisibility } from '../api/admin-plans.ts';
import { DeletePlanDialog } from '../components/delete-plan-dialog.tsx';
import { planColumns } from '../components/plan-columns.tsx';

export default function AdminPlansPage() {
  const { page, setPage, search, setSearch } = useTableState();
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
            variant="ghost"
            size="icon"
            className="text-red-600 hover:bg-red-50 hover:text-red-700 dark:text-red-400 dark:hover:bg-red-500/10"
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
        rows={list.data?.items}
        rowKey={(plan) => plan.id}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PLANS_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by title or provider"
        toolbar={
          <Select
            label="Filter by type"
            hideLabel
            value={type}
            onChange={(event) => {
              setType(event.target.value as PlanType | '');
              setPage(1);
            }}
            className="w-full sm:w-44"
          >
            <option value="">All types</option>
            {PLAN_TYPES.map((item) => (
              <option key={item} value={item}>
                {PLAN_TYPE_LABELS[item]}
              </option>
            ))}
          </Select>
        }
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle="No plans yet"
        emptyDescription="Create the first plan to open the shop."
      />
      <DeletePlanDialog plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
