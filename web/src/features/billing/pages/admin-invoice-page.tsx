import { useParams } from 'react-router';
import { staffPaths } from '#lib/staff-paths.ts';
import { AllInvoicesLink } from '../components/all-invoices-link.tsx';
import { adminBillSource } from '../api/admin-invoices.ts';
import { BillView } from '../components/bill-view.tsx';

export default function AdminInvoicePage() {
  const { invoiceId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl">
      <BillView
        invoiceId={invoiceId}
        source={adminBillSource}
        back={<AllInvoicesLink to={staffPaths.admin.invoices} />}
      />
    </div>
  );
}
