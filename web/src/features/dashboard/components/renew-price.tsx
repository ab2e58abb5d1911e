import type { UseQueryResult } from '@tanstack/react-query';
import type { RenewQuote } from '@tollgate/contract/subscriptions/subscriptions';
import { PriceLines } from '#components/pricing/price-lines.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance } from '#lib/format.ts';

/** The server's price for the renewal as chosen so far, coupon included, before anything is paid. */
export function RenewPrice({ quote, complete }: { quote: UseQueryResult<RenewQuote>; complete: boolean }) {
  const data = quote.data;
  if (!complete) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">Fill in the amounts to see the price.</p>;
  }
  if (quote.error && !quote.isFetching) return <Alert>{errorMessage(quote.error)}</Alert>;
  if (!data) {
    return (
      <div className="flex justify-center py-2">
        <Spinner label="Calculating the price" />
      </div>
    );
  }
  return (
    <div
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-800 dark:bg-slate-900/60"
      aria-busy={quote.isFetching || undefined}
    >
      <PriceLines lines={data.lines} />
      <dl className="space-y-1.5 border-t border-slate-200 pt-2 dark:border-slate-800" aria-label="Price">
        {data.discount > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600 dark:text-slate-400">Coupon {data.couponCode}</dt>
            <dd className="text-right text-slate-800 tabular-nums dark:text-slate-200">
              -{formatBalance(data.discount)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 font-semibold text-slate-900 dark:text-white">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatBalance(data.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
