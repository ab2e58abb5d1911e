import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CataloguePlan } from '@tollgate/contract/plans/catalogue';
import type { PlanQuote } from '@tollgate/contract/plans/plans';
import { buttonClass } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { ApiError } from '#lib/api-client.ts';
import { formatBalance, formatNumber } from '#lib/format.ts';
import { loginPath, purchasePath, registerPath } from '#lib/paths.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { getCatalogueQuote } from '../api/get-catalogue.ts';
import { days as dayCount, unitName } from './pricing-format.ts';

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text) : NaN);

type QuoteState =
  { status: 'idle' | 'loading' } | { status: 'done'; quote: PlanQuote } | { status: 'error'; message: string };

/** What the local rules already know is wrong, in the words the server would use. */
function localProblem(plan: CataloguePlan, amount: number, length: number): string | null {
  if (plan.unit !== 'package' && !(amount >= plan.minUnits)) return `The minimum is ${formatNumber(plan.minUnits)}`;
  if (!(length >= plan.minDays && length <= plan.maxDays))
    return `Choose between ${plan.minDays} and ${plan.maxDays} days`;
  return null;
}

/**
 * The GB/threads calculator: every number shown comes from the server's quote (the pricing module
 * the purchase charges with); the inputs are only checked locally to avoid asking for nonsense.
 */
export function PriceCalculator({ plan, signedIn }: { plan: CataloguePlan; signedIn: boolean }) {
  const [amountText, setAmountText] = useState(String(plan.minUnits));
  const [lengthText, setLengthText] = useState(String(plan.duration));
  const typed = useDebouncedValue(whole(amountText), 300);
  const amount = plan.unit === 'package' ? 1 : typed;
  const length = useDebouncedValue(whole(lengthText), 300);
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const problem = localProblem(plan, amount, length);

  useEffect(() => {
    if (problem) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getCatalogueQuote(plan.id, amount, length, controller.signal).then(
      (quote) => setState({ status: 'done', quote }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof ApiError ? error.message : 'Price unavailable right now',
        });
      },
    );
    return () => controller.abort();
  }, [plan.id, amount, length, problem]);

  const target = purchasePath(plan.id, amount >= 1 ? amount : plan.minUnits);
  const quote = state.status === 'done' && !problem ? state.quote : null;
  const message = problem ?? (state.status === 'error' ? state.message : null);
  return (
    <section
      aria-labelledby="calculator-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="calculator-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Price calculator
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.title}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {plan.unit === 'package' ? (
          <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">A fixed package: one per purchase.</p>
        ) : (
          <Input
            label={plan.unit === 'GB' ? 'Bandwidth (GB)' : 'Threads'}
            inputMode="numeric"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            hint={`At least ${formatNumber(plan.minUnits)}`}
          />
        )}
        <Input
          label="Length (days)"
          inputMode="numeric"
          value={lengthText}
          onChange={(event) => setLengthText(event.target.value)}
          hint={plan.minDays === plan.maxDays ? undefined : `${plan.minDays}–${plan.maxDays} days`}
        />
      </div>
      <div aria-live="polite" className="mt-5 min-h-24 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
        {message ? (
          <p className="text-sm text-red-700 dark:text-red-300" role="alert">
            {message}
          </p>
        ) : quote ? (
          <dl className="space-y-1.5 text-sm" data-testid="quote">
            {quote.unitPrice !== null && (
              <>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600 dark:text-slate-400">Rate</dt>
                  <dd className="text-right text-slate-900 tabular-nums dark:text-white">
                    {formatBalance(quote.unitPrice)} / {unitName(plan)} per {dayCount(plan.duration)}
                  </dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
                  <dd className="text-slate-900 tabular-nums dark:text-white">
                    {formatNumber(quote.units)} {unitName(plan, quote.units)}
                  </dd>
                </div>
              </>
            )}
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600 dark:text-slate-400">Length</dt>
              <dd className="text-slate-900 tabular-nums dark:text-white">
                {dayCount(quote.days)}
                {quote.days !== plan.duration && ` (${quote.days}/${plan.duration} of the period price)`}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2 dark:border-slate-700">
              <dt className="font-medium text-slate-900 dark:text-white">Total</dt>
              <dd
                className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white"
                data-testid="quote-total"
              >
                {formatBalance(quote.total)}
              </dd>
            </div>
          </dl>
        ) : (
          <Spinner label="Pricing" />
        )}
      </div>
      <div className="mt-5 flex flex-col gap-2">
        {signedIn ? (
          <Link to={target} className={buttonClass('primary', 'lg', 'w-full')}>
            Buy{' '}
            {plan.unit === 'package'
              ? 'this plan'
              : `${formatNumber(amount >= 1 ? amount : plan.minUnits)} ${unitName(plan, amount)}`}
          </Link>
        ) : (
          <>
            <Link to={registerPath(target)} className={buttonClass('primary', 'lg', 'w-full')}>
              Sign up to buy
            </Link>
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              Have an account?{' '}
              <Link to={loginPath(target)} className="font-medium text-brand-700 underline dark:text-brand-300">
                Sign in to buy
              </Link>
            </p>
          </>
        )}
        <p className="text-center text-xs text-slate-500 dark:text-slate-400">
          Prices in US dollars; you choose the location and length again before paying.
        </p>
      </div>
    </section>
  );
}
