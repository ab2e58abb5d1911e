import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';
import { paths } from '#lib/paths.ts';
import { adminBillSource } from '../api/admin-invoices.ts';
import { BillList } from '../components/bill-list.tsx';

export default function AdminBillPage() {
  const { subscriptionId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl">
      <BillList
        subscriptionId={subscriptionId}
        source={adminBillSource}
        back={
          <Link to={paths.admin.invoices} className={buttonClass('ghost', 'sm', '-ml-3')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            All invoices
          </Link>
        }
      />
    </div>
  );
}
