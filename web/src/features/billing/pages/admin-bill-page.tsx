import { useParams } from 'react-router';
import { staffPaths } from '#lib/staff-paths.ts';
import { AllInvoicesLink } from '../components/all-invoices-link.tsx';
import { adminBillSource } from '../api/admin-invoices.ts';
import { BillList } from '../components/bill-list.tsx';

export default function AdminBillPage() {
  const { subscriptionId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl">
      <BillList
        subscriptionId={subscriptionId}
        source={adminBillSource}
        back={<AllInvoicesLink to={staffPaths.admin.invoices} />}
      />
    </div>
  );
}
