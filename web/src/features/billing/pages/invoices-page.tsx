import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { DataTable, useTableState } from '#components/ui/data-table.tsx';
import { paths } from '#lib/paths.ts';
import { useMyInvoices } from '../api/my-invoices.ts';
import { invoiceColumns } from '../components/invoice-columns.tsx';
import { SortSelect } from '../components/invoice-filters.tsx';
import { INVOICES_PAGE_SIZE, type InvoiceSort } from '../utils/invoice-query.ts';

const columns = invoiceColumns(paths.bill);

export default function InvoicesPage() {
  const { page, setPage, search, setSearch } = useTableState();
  const [sort, setSort] = useState<InvoiceSort>('newest');
  const list = useMyInvoices({ page, search, sort });
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Every purchase, renewal and deposit, with a printable bill for each."
        actions={
          <Link to={paths.topup} className={buttonClass('outline', 'sm')}>
            Deposit balance
          </Link>
        }
      />
      <DataTable
        caption="Invoices"
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={INVOICES_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by number or plan"
        toolbar={
          <SortSelect
            value={sort}
            onChange={(next) => {
              setSort(next);
              setPage(1);
            }}
          />
        }
        isLoading={list.isPending}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here after your first deposit or purchase."
      />
    </>
  );
}
