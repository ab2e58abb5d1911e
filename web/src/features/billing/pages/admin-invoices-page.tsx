import { INVOICE_SORTS, INVOICE_STATUSES, type AdminInvoice } from '@tollgate/contract/checkout/invoices';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useAdminInvoices } from '../api/admin-invoices.ts';
import { customerColumn, invoiceColumns } from '../components/invoice-columns.tsx';
import { INVOICES_PAGE_SIZE, SORT_LABELS, STATUS_LABELS } from '../utils/invoice-query.ts';

const [numberColumn, ...rest] = invoiceColumns<AdminInvoice>(paths.adminInvoice);
const columns = [numberColumn!, customerColumn, ...rest];
const FILTERS = { status: INVOICE_STATUSES };

export default function AdminInvoicesPage() {
  const params = useListParams({ filters: FILTERS, sorts: INVOICE_SORTS, defaultSort: 'newest' });
  const list = useAdminInvoices({ page: params.page, search: params.search, sort: params.sort, ...params.filters });
  return (
    <>
      <PageHeader title="Invoices" description="Every customer invoice: purchases, renewals and deposits." />
      <ListPage
        params={params}
        query={list}
        filterOptions={FILTERS}
        filters={[{ key: 'status', label: 'Filter by status', labels: STATUS_LABELS, allLabel: 'All statuses' }]}
        sort={{ label: 'Sort invoices', options: INVOICE_SORTS, labels: SORT_LABELS }}
        caption="Invoices"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={INVOICES_PAGE_SIZE}
        searchPlaceholder="Number, plan, username or email"
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here as customers deposit and buy plans."
      />
    </>
  );
}
