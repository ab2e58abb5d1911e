import type { Bill } from '@tollgate/contract/checkout/invoices';
import { formatCountry } from '#lib/format.ts';

export function hasBillingProfile(customer: Bill['customer']): boolean {
  const { username: _username, email: _email, ...profile } = customer;
  return Object.values(profile).some((value) => value.trim() !== '');
}

const heading = 'text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400';

/** Issuer and bill-to blocks; an empty billing profile falls back to the account's username and email. */
export function BillParties({ bill }: { bill: Pick<Bill, 'issuer' | 'customer'> }) {
  const { issuer, customer } = bill;
  const name = [customer.legalName, customer.legalSurname].filter(Boolean).join(' ') || customer.username;
  const cityLine = [customer.zipCode, customer.city].filter(Boolean).join(' ');
  const lines = [
    customer.companyName,
    customer.vatNumber && `VAT ${customer.vatNumber}`,
    customer.billingAddress,
    cityLine,
    customer.country && formatCountry(customer.country),
    customer.billingEmail || customer.email,
    customer.phoneNumber,
  ].filter(Boolean);
  return (
    <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
      <div>
        <h3 className={heading}>From</h3>
        <p className="mt-2 font-semibold text-slate-900 dark:text-white">{issuer.name}</p>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">{issuer.details}</p>
      </div>
      <div className="sm:text-right print:text-right">
        <h3 className={heading}>Bill to</h3>
        <p className="mt-2 font-semibold text-slate-900 dark:text-white" data-testid="bill-to-name">
          {name}
        </p>
        <address className="mt-1 text-sm text-slate-600 not-italic dark:text-slate-300">
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
    </div>
  );
}
