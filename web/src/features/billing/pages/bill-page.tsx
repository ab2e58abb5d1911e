import { useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { AllInvoicesLink } from '../components/all-invoices-link.tsx';
import { myBillSource } from '../api/my-invoices.ts';
import { BillList } from '../components/bill-list.tsx';

export default function BillPage() {
  const { subscriptionId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl">
      <BillList subscriptionId={subscriptionId} source={myBillSource} back={<AllInvoicesLink to={paths.invoices} />} />
    </div>
  );
}
