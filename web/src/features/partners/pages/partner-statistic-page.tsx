import { DollarSign, Eye, ShoppingCart, Trash2, UserPlus } from 'lucide-react';
import { PARTNER_STATUSES, type Partner } from '@tollgate/contract/growth/partners';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatBalance, formatNumber } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { PARTNERS_PAGE_SIZE, usePartnerStatistic, useRemovePartner } from '../api/partners.ts';
import { partnerColumns } from '../components/partner-columns.tsx';

const FILTERS = { status: PARTNER_STATUSES };
const STATUS_LABELS = { active: 'Active', removed: 'Removed' };

/** /admin/partnersurl/statistic (Administrator): each partner domain with what it brought, and the totals. */
export default function PartnerStatisticPage() {
  const params = useListParams({ filters: FILTERS });
  const list = usePartnerStatistic({ page: params.page, search: params.search, status: params.filters.status });
  const remove = useRemovePartner();
  const { confirm, dialog } = useConfirm();
  // Removed in the dialog, which keeps a refusal for another try.
  const removePartner = async (partner: Partner) => {
    const done = await confirm({
      title: `Remove ${partner.domain}?`,
      description:
        'Visits from it stop counting at once. What it brought stays in these statistics, marked removed; you can register it again later.',
      confirmLabel: 'Remove',
      action: () => remove.mutateAsync(partner.domain),
    });
    if (done) void notify('success', 'Partner link removed');
  };
  const totals = list.data?.totals;

  const actions: Column<Partner> = {
    key: 'actions',
    header: 'Actions',
    cell: (p) =>
      p.status === 'active' ? (
        <Button
          variant="ghost-danger"
          size="icon"
          onClick={() => void removePartner(p)}
          aria-label={`Remove ${p.domain}`}
          title="Remove"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ) : null,
  };

  const tiles = [
    { label: 'Visitors', value: totals && formatNumber(totals.visitors), icon: Eye },
    { label: 'Users with partner url', value: totals && formatNumber(totals.usersWithPartnerUrl), icon: UserPlus },
    { label: 'Unique buyers', value: totals && formatNumber(totals.uniqueBuyers), icon: ShoppingCart },
    { label: 'Revenue', value: totals && formatBalance(totals.revenue), icon: DollarSign },
  ];

  return (
    <>
      <PageHeader
        title="Partners Link"
        description="Sites that send you customers: visits counted from their links, the sign-ups and buyers they brought."
        actions={<NewItemLink to={staffPaths.admin.newPartnerLink}>New partner link</NewItemLink>}
      />
      <ul className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Partner totals">
        {tiles.map(({ label, value, icon: Icon }) => (
          <li
            key={label}
            className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 sm:flex dark:bg-brand-500/15 dark:text-brand-200">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
              <p className="text-lg font-semibold text-slate-900 tabular-nums sm:text-xl dark:text-white">
                {value ?? '—'}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[{ key: 'status', label: 'Filter by status', labels: STATUS_LABELS, allLabel: 'All statuses' }]}
        caption="Partner domains"
        columns={[...partnerColumns, actions]}
        rowKey={(p) => p.domain}
        pageSize={PARTNERS_PAGE_SIZE}
        searchPlaceholder="Search by domain"
        emptyTitle="No partner domains yet"
        emptyDescription="Register a partner's domain to count the visitors and customers it sends."
      />
      {dialog}
    </>
  );
}
