import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import {
  ACCOUNT_PAGE_SIZE,
  adminAccount,
  adminAccountAudit,
  adminAccountInvoices,
  adminAccountLedger,
  adminAccountPayments,
  adminAccountSessions,
  adminAccountSignIns,
  adminRevokeAllSessions,
  adminRevokeSession,
} from '@tollgate/contract/admin/account-page';
import { adminAdjustBalance, type adjustBalanceBodySchema } from '@tollgate/contract/admin/accounts';
import { adminEditAccount, type EditAccountBody } from '@tollgate/contract/admin/account-actions';
import type { z } from 'zod';
import { call } from '#lib/api-client.ts';

/** Everything read about one account sits under this key, so one invalidation refreshes the page. */
export const accountKey = (userId: string) => ['admin', 'accounts', 'one', userId] as const;

export function useAdminAccount(userId: string, page = 1) {
  return useQuery({
    queryKey: [...accountKey(userId), 'account', page],
    queryFn: ({ signal }) =>
      call(adminAccount, { params: { userId }, query: { page, size: ACCOUNT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The account page's paged lists share one shape: `GET .../{userId}/<list>?page&size=10`. */
type PagedList =
  | typeof adminAccountLedger
  | typeof adminAccountInvoices
  | typeof adminAccountPayments
  | typeof adminAccountSignIns
  | typeof adminAccountAudit;

function usePagedList<E extends PagedList>(endpoint: E, name: string, userId: string, page: number) {
  return useQuery({
    queryKey: [...accountKey(userId), name, page] as QueryKey,
    queryFn: ({ signal }) =>
      // Same params and query for every list; only the payload differs.
      call(endpoint as typeof adminAccountLedger, {
        params: { userId },
        query: { page, size: ACCOUNT_PAGE_SIZE },
        signal,
      }) as Promise<unknown> as Promise<PayloadOf<E>>,
    placeholderData: keepPreviousData,
  });
}

export const useLedger = (userId: string, page: number) => usePagedList(adminAccountLedger, 'ledger', userId, page);
export const useInvoices = (userId: string, page: number) =>
  usePagedList(adminAccountInvoices, 'invoices', userId, page);
export const usePayments = (userId: string, page: number) =>
  usePagedList(adminAccountPayments, 'payments', userId, page);
export const useSignIns = (userId: string, page: number) => usePagedList(adminAccountSignIns, 'sign-ins', userId, page);
export const useAudit = (userId: string, page: number) => usePagedList(adminAccountAudit, 'audit', userId, page);

export function useSessions(userId: string) {
  return useQuery({
    queryKey: [...accountKey(userId), 'sessions'],
    queryFn: ({ signal }) => call(adminAccountSessions, { params: { userId }, signal }),
  });
}

/** A staff change to the account: afterwards everything the page shows is read again. */
export function useAccountChange<V, R>(userId: string, change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}

export const useRevokeSession = (userId: string) =>
  useAccountChange(userId, (sessionId: string) => call(adminRevokeSession, { params: { userId, sessionId } }));

export const useRevokeAllSessions = (userId: string) =>
  useAccountChange(userId, () => call(adminRevokeAllSessions, { params: { userId } }));

export const useEditAccount = (userId: string) =>
  useAccountChange(userId, (body: EditAccountBody) => call(adminEditAccount, { params: { userId }, body }));

export const useAdjustBalance = (userId: string) =>
  useAccountChange(userId, (body: z.input<typeof adjustBalanceBodySchema>) =>
    call(adminAdjustBalance, { params: { userId }, body }),
  );
