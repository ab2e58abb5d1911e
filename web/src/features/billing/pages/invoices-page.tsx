import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { DataTable, pagedQueryProps, useTableState } from '#components/ui/data-table.tsx';
import { paths } from '#lib/paths.ts';
import { useMyInvoices } from '../api/my-invoices.ts';
import { invoiceColumns } from '../components/invoice-columns.tsx';
import { SortSelect } from '../components/invoice-filters.tsx';
import { INVOICES_PAGE_SIZE, type InvoiceSort } from '../utils/invoice-query.ts';

const columns = invoiceColumns(paths.invoice);

export default function InvoicesPage() {
  const { page, setPage, search, setSearch, fromFirstPage } = useTableState();
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
        {...pagedQueryProps(list)}
        rowKey={(row) => row.id}
        page={page}
        pageSize={INVOICES_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Search by number or plan"
        toolbar={<SortSelect value={sort} onChange={fromFirstPage(setSort)} />}
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here after your first deposit or purchase."
      />
    </>
  );
}
