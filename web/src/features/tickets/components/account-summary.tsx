import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import type { StaffTicket } from '@tollgate/contract/tickets/tickets';
import { Badge } from '#components/ui/badge.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { formatDate } from '#lib/format.ts';

const label = 'text-xs font-medium text-slate-500 uppercase tracking-wide dark:text-slate-400';

/**
 * Who is asking: the customer's plans, balance and latest payments, beside the conversation. Balance
 * and totals arrive formatted (`$12.34`); Support gets neither (null), so neither is shown.
 */
export function AccountSummary({ account, accountPath }: { account: StaffTicket['account']; accountPath: string }) {
  return (
    <Card aria-label="Customer account">
      <CardHeader
        title={account.username}
        description={<span className="break-all">{account.email}</span>}
        action={account.disabled ? <Badge tone="danger">Disabled</Badge> : undefined}
      />
      <CardBody className="space-y-5 text-sm">
        <dl className="grid grid-cols-2 gap-3">
          {account.balance !== null && (
            <div>
              <dt className={label}>Balance</dt>
              <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums dark:text-white">
                {account.balance}
              </dd>
            </div>
          )}
          <div>
            <dt className={label}>Customer since</dt>
            <dd className="mt-0.5 text-slate-700 dark:text-slate-300">{formatDate(account.createdAt)}</dd>
          </div>
        </dl>
        <section>
          <h3 className={label}>Plans</h3>
          {account.plans.length === 0 ? (
            <p className="mt-1 text-slate-500 dark:text-slate-400">No plans</p>
          ) : (
            <ul className="mt-1.5 space-y-1.5">
              {account.plans.map((plan) => (
                <li key={plan.id} className="flex items-start justify-between gap-2">
                  <span className="min-w-0 text-slate-800 dark:text-slate-200">{plan.name}</span>
                  <span className="shrink-0 text-right text-xs text-slate-500 dark:text-slate-400">
                    {plan.status}
                    {plan.expiresAt && <span className="block">until {formatDate(plan.expiresAt)}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {account.recentPayments && (
          <section>
            <h3 className={label}>Recent payments</h3>
            {account.recentPayments.length === 0 ? (
              <p className="mt-1 text-slate-500 dark:text-slate-400">No payments</p>
            ) : (
              <ul className="mt-1.5 space-y-1.5">
                {account.recentPayments.map((payment) => (
                  <li key={payment.id} className="flex items-start justify-between gap-2">
                    <span className="min-w-0 text-slate-800 capitalize dark:text-slate-200">
                      {payment.kind}
                      <span className="block text-xs text-slate-500 normal-case dark:text-slate-400">
                        {formatDate(payment.createdAt)} · {payment.status}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium text-slate-900 tabular-nums dark:text-white">
                      {payment.total}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <Link to={accountPath} className={buttonClass('outline', 'sm', 'w-full')}>
          <ExternalLink className="size-4" aria-hidden="true" />
          Open account page
        </Link>
      </CardBody>
    </Card>
  );
}
