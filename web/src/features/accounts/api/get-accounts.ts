import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAccounts, supportTrialPage } from '@tollgate/contract/admin/accounts';
import { call } from '#lib/api-client.ts';

export const ACCOUNTS_PAGE_SIZE = 20;

export interface AccountsQuery {
  page: number;
  search: string;
}

const query = ({ page, search }: AccountsQuery) => ({ page, size: ACCOUNTS_PAGE_SIZE, search: search || undefined });

export const getAdminAccounts = (params: AccountsQuery, signal?: AbortSignal) =>
  call(adminAccounts, { query: query(params), signal });

export const getTrialAccounts = (params: AccountsQuery, signal?: AbortSignal) =>
  call(supportTrialPage, { query: query(params), signal });

export const adminAccountsQueryOptions = (params: AccountsQuery) =>
  queryOptions({
    queryKey: ['admin', 'accounts', params],
    queryFn: ({ signal }) => getAdminAccounts(params, signal),
    placeholderData: keepPreviousData,
  });

export const trialAccountsQueryOptions = (params: AccountsQuery) =>
  queryOptions({
    queryKey: ['support', 'trialpage', params],
    queryFn: ({ signal }) => getTrialAccounts(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminAccounts = (params: AccountsQuery) => useQuery(adminAccountsQueryOptions(params));
export const useTrialAccounts = (params: AccountsQuery) => useQuery(trialAccountsQueryOptions(params));
