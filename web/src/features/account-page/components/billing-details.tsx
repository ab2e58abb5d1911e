import type { ReactNode } from 'react';
import { REFERRAL_FAMILIES, type AdminAccount } from '@tollgate/contract/admin/account-page';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatBalance, formatCountry, formatDate } from '#lib/format.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const or = (value: string | null) => value || '—';
const onOff = (on: boolean) => (on ? 'Enabled' : 'Disabled');

/** The customer's own billing profile, and the settings staff keep for the account. */
export function BillingDetails({ account }: { account: AdminAccount }) {
  const billing = account.billing;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title="Billing details" description="As the customer keeps them in Settings." />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Name">{or([billing.legalName, billing.legalSurname].filter(Boolean).join(' '))}</Fact>
            <Fact label="Billing email">{or(billing.billingEmail)}</Fact>
            <Fact label="Company">{or(billing.companyName)}</Fact>
            <Fact label="VAT number">{or(billing.vatNumber)}</Fact>
            <Fact label="Phone">{or(billing.phoneNumber)}</Fact>
            <Fact label="Country">{billing.country ? formatCountry(billing.country) : '—'}</Fact>
            <Fact label="Address">
              {or([billing.billingAddress, billing.zipCode, billing.city].filter(Boolean).join(', '))}
            </Fact>
            <Fact label="Terms accepted">{formatDate(account.termsAcceptedAt)}</Fact>
            <Fact label="Marketing email">{account.emailSubscribed ? 'Subscribed' : 'Not subscribed'}</Fact>
            <Fact label="Referral code used">{or(account.referralCodeUsed)}</Fact>
          </dl>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Payment settings" description="Changed from Edit; every change is audited." />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Balance payments">{onOff(account.balancePaymentProcessorEnabled)}</Fact>
            <Fact label="Card payments">{onOff(account.stripePaymentProcessorEnabled)}</Fact>
            <Fact label="Crypto payments">{onOff(account.cryptoPaymentProcessorEnabled)}</Fact>
            <Fact label="Card limit (24 h)">{formatBalance(account.stripeLimit)}</Fact>
            {REFERRAL_FAMILIES.map((family) => (
              <Fact
                key={family}
                label={`Referral reward, ${family === 'ipv6' ? 'IPv6' : family === 'isp' ? 'ISP' : family}`}
              >
                {account.referralRates[family]}%
              </Fact>
            ))}
          </dl>
        </CardBody>
      </Card>
    </div>
  );
}
