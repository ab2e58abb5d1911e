import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { planQuote, publicPlans, trialPlans } from '@tollgate/contract/plans/plans';
import { call } from '#lib/api-client.ts';

export const publicPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['plans', 'public'],
    queryFn: ({ signal }) => call(publicPlans, { signal }),
    select: (data) => data.plans,
  });

/** The types on sale as staff name them (Product manage), from the same answer as the plans. */
export const publicPlanTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['plans', 'public'],
    queryFn: ({ signal }) => call(publicPlans, { signal }),
    select: (data) => data.types,
  });

export const trialPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['plans', 'trial'],
    queryFn: ({ signal }) => call(trialPlans, { signal }),
    select: (data) => data.plans,
  });

export const usePublicPlans = () => useQuery(publicPlansQueryOptions());
export const usePublicPlanTypes = () => useQuery(publicPlanTypesQueryOptions());
export const useTrialPlans = () => useQuery(trialPlansQueryOptions());

/**
 * The server's price for the choices so far (a coupon is checked for the payment method, not
 * taken); the previous quote stays on screen while the next loads.
 */
export function usePlanQuote(
  planId: string,
  value: number,
  choices: { days: number | undefined; coupon: string | undefined; paymentMethod: PaymentMethod | undefined },
) {
  const { days, coupon, paymentMethod } = choices;
  return useQuery({
    queryKey: ['plans', 'quote', planId, value, days, coupon, paymentMethod],
    queryFn: ({ signal }) =>
      call(planQuote, { params: { planId, value }, query: { days, coupon, paymentMethod }, signal }),
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(value) && value >= 1,
  });
}
