import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Plan, PlanQuote } from '@tollgate/contract/plans/plans';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { PriceLines } from '#components/pricing/price-lines.tsx';
import { formatBalance } from '#lib/format.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  if (strong) {
    return (
      <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
        <dt>{label}</dt>
        <dd className="tabular-nums">{children}</dd>
      </div>
    );
  }
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right text-slate-800 tabular-nums dark:text-slate-200">{children}</dd>
    </div>
  );
}

/**
 * The server's quote for the current choices (a coupon's discount, or why it is refused), and the
 * button that places the order.
 */
export function OrderSummary({
  plan,
  quote,
  submitting,
  disabled,
}: {
  plan: Plan;
  quote: UseQueryResult<PlanQuote>;
  submitting: boolean;
  disabled: boolean;
}) {
  const data = quote.data;
  return (
    <Card className="xl:sticky xl:top-24">
      <CardHeader title="Order summary" description={`${plan.title} · ${PLAN_TYPE_LABELS[plan.type]}`} />
      <CardBody className="space-y-4">
        {quote.error && !quote.isFetching ? (
          <Alert>{errorMessage(quote.error)}</Alert>
        ) : !data ? (
          <div className="flex justify-center py-6">
            <Spinner label="Calculating the price" />
          </div>
        ) : (
          <div className="space-y-3" aria-busy={quote.isFetching || undefined}>
            <PriceLines lines={data.lines} />
            <dl className="space-y-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-800" aria-label="Price">
              <Row label="Subtotal">{formatBalance(data.subtotal)}</Row>
              {data.couponCode && <Row label={`Coupon ${data.couponCode}`}>-{formatBalance(data.discount)}</Row>}
              <Row label="Total" strong>
                {formatBalance(data.total)}
              </Row>
            </dl>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={disabled || submitting}>
          {submitting && <Spinner label="Placing your order" className="[&_svg]:text-white" />}
          Complete purchase
        </Button>
      </CardBody>
    </Card>
  );
}
