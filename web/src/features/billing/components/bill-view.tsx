import { useState, type ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { Alert } from '#components/ui/alert.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner, Spinner } from '#components/ui/spinner.tsx';
import { downloadBase64 } from '#lib/clipboard.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import type { BillSource } from '../utils/bill-source.ts';
import { BillDocument } from './bill-document.tsx';
import { hasBillingProfile } from './bill-parties.tsx';

/** One invoice with Print and Download PDF; the print stylesheet keeps only the document on paper. */
export function BillView({
  invoiceId,
  source,
  back,
}: {
  invoiceId: string;
  source: BillSource;
  /** The way back to the invoice list, shown beside the buttons. */
  back: ReactNode;
}) {
  const bill = useQuery({
    queryKey: [source.scope, 'invoice', invoiceId],
    queryFn: ({ signal }) => source.loadInvoice(invoiceId, signal),
  });
  const [downloading, setDownloading] = useState(false);

  if (bill.isPending) return <PageSpinner />;
  if (bill.error) return <ErrorState error={bill.error} onRetry={() => void bill.refetch()} />;

  const download = async () => {
    setDownloading(true);
    try {
      const pdf = await source.loadInvoicePdf(invoiceId);
      downloadBase64(pdf.filename, pdf.contentBase64, 'application/pdf');
    } catch (error) {
      void notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <div className="flex flex-wrap items-center gap-2">
          {back}
          {bill.data.invoice.subscriptionId && (
            <Link
              to={generatePath(source.billPath, { subscriptionId: bill.data.invoice.subscriptionId })}
              className={buttonClass('ghost', 'sm')}
            >
              This plan’s invoices
            </Link>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden="true" />
            Print
          </Button>
          <Button onClick={() => void download()} disabled={downloading}>
            {downloading ? (
              <Spinner label="Preparing the PDF" className="[&_svg]:text-white" />
            ) : (
              <Download className="size-4" aria-hidden="true" />
            )}
            Download PDF
          </Button>
        </div>
      </div>
      {!hasBillingProfile(bill.data.customer) && (
        <Alert tone="info" title="No billing details yet" className="print:hidden">
          {source.scope === 'customer' ? (
            <>
              Add your legal name, company, VAT number and address in{' '}
              <Link to={paths.myProfile} className="font-medium underline underline-offset-2">
                Settings
              </Link>{' '}
              to have them printed on your invoices.
            </>
          ) : (
            'This customer has not added billing details; the bill shows their username and email.'
          )}
        </Alert>
      )}
      <BillDocument document={bill.data} showTables={source.scope === 'admin'} />
    </div>
  );
}
