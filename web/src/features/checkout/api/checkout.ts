import { useMutation, useQuery } from '@tanstack/react-query';
import { myBill } from '@tollgate/contract/checkout/invoices';
import { paymentStatus, topup, type TopupBody } from '@tollgate/contract/checkout/topup';
import { call } from '#lib/api-client.ts';
import { usePollWindow } from '../utils/use-poll-window.ts';

export function useTopup() {
  return useMutation({ mutationFn: (body: TopupBody) => call(topup, { body }) });
}

/** Where a returning customer's payment stands, asked again while it is pending. */
export function usePaymentStatus(paymentId: string) {
  const poll = usePollWindow();
  const query = useQuery({
    queryKey: ['checkout', 'payment', paymentId],
    queryFn: ({ signal }) => call(paymentStatus, { params: { paymentId }, signal }),
    refetchInterval: (q) => poll.interval(q.state.data?.status === 'pending'),
  });
  return { query, expired: poll.expired };
}

/** The bill of a fresh purchase; its newest invoice turns paid when the provider's webhook lands. */
export function usePurchaseBill(subscriptionId: string) {
  const poll = usePollWindow();
  const query = useQuery({
    queryKey: ['checkout', 'bill', subscriptionId],
    queryFn: ({ signal }) => call(myBill, { params: { subscriptionId }, signal }),
    select: (bill) => bill.invoices.at(-1),
    refetchInterval: (q) => poll.interval(q.state.data?.invoices.at(-1)?.status === 'pending'),
  });
  return { query, expired: poll.expired };
}
