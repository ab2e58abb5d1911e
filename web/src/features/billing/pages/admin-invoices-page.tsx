import { useState } from 'react';
import type { AdminInvoice } from '@tollgate/contract/checkout/invoices';
import { PageHeader } from '#components/page-header.tsx';
import { DataTable, pagedQueryProps, useTableState } from '#components/ui/data-table.tsx';
import { paths } from '#lib/paths.ts';
import { useAdminInvoices } from '../api/admin-invoices.ts';
import { customerColumn, invoiceColumns } from '../components/invoice-columns.tsx';
import { SortSelect, StatusSelect } from '../components/invoice-filters.tsx';
import { INVOICES_PAGE_SIZE, type InvoiceSort, type InvoiceStatus } from '../utils/invoice-query.ts';

const [numberColumn, ...rest] = invoiceColumns<AdminInvoice>(paths.adminInvoice);
const columns = [numberColumn!, customerColumn, ...rest];

export default function AdminInvoicesPage() {
  const { page, setPage, search, setSearch, fromFirstPage } = useTableState();
  const [sort, setSort] = useState<InvoiceSort>('newest');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const list = useAdminInvoices({ page, search, sort, status });
  return (
    <>
      <PageHeader title="Invoices" description="Every customer invoice: purchases, renewals and deposits." />
      <DataTable
        caption="Invoices"
        columns={columns}
        {...pagedQueryProps(list)}
        rowKey={(row) => row.id}
        page={page}
        pageSize={INVOICES_PAGE_SIZE}
        onPageChange={setPage}
        onSearch={setSearch}
        searchPlaceholder="Number, plan, username or email"
        toolbar={
          <>
            <StatusSelect value={status} onChange={fromFirstPage(setStatus)} />
            <SortSelect value={sort} onChange={fromFirstPage(setSort)} />
          </>
        }
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here as customers deposit and buy plans."
      />
    </>
  );
}
