import { useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { AllInvoicesLink } from '../components/all-invoices-link.tsx';
import { myBillSource } from '../api/my-invoices.ts';
import { BillView } from '../components/bill-view.tsx';

export default function InvoicePage() {
  const { invoiceId = '' } = useParams();
  return (
    <div className="mx-auto max-w-5xl">
      <BillView invoiceId={invoiceId} source={myBillSource} back={<AllInvoicesLink to={paths.invoices} />} />
    </div>
  );
}
