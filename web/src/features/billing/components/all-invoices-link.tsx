import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { buttonClass } from '#components/ui/button.tsx';

/** The way back from a bill or an invoice document to the invoice list it was opened from. */
export function AllInvoicesLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClass('ghost', 'sm', '-ml-3')}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      All invoices
    </Link>
  );
}
