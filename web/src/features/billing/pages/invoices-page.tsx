import { INVOICE_SORTS } from '@tollgate/contract/checkout/invoices';
import { Link } from 'react-router';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useMyInvoices } from '../api/my-invoices.ts';
import { invoiceColumns } from '../components/invoice-columns.tsx';
import { INVOICES_PAGE_SIZE, SORT_LABELS } from '../utils/invoice-query.ts';

const columns = invoiceColumns(paths.invoice);

export default function InvoicesPage() {
  const params = useListParams({ sorts: INVOICE_SORTS, defaultSort: 'newest' });
  const list = useMyInvoices({ page: params.page, search: params.search, sort: params.sort });
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
      <ListPage
        params={params}
        query={list}
        sort={{ label: 'Sort invoices', options: INVOICE_SORTS, labels: SORT_LABELS }}
        caption="Invoices"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={INVOICES_PAGE_SIZE}
        searchPlaceholder="Search by number or plan"
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here after your first deposit or purchase."
      />
    </>
  );
}
