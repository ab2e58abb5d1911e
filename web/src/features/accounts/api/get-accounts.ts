import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_SORTS, adminAccounts, supportTrialPage, type AccountSort } from '@tollgate/contract/admin/accounts';
import { ROLES, type Role } from '@tollgate/contract/access/roles';
import { call } from '#lib/api-client.ts';

export const ACCOUNTS_PAGE_SIZE = 20;
const FLAG = ['true', 'false'] as const;
type Flag = (typeof FLAG)[number] | '';

/** The filters each list offers, as the URL and the contract's query spell them. */
export const ADMIN_ACCOUNT_FILTERS = {
  role: ROLES,
  verified: FLAG,
  twoFactor: FLAG,
  reseller: FLAG,
  disabled: FLAG,
  activePlan: FLAG,
};
export const SUPPORT_ACCOUNT_FILTERS = { verified: FLAG, twoFactor: FLAG, disabled: FLAG, activePlan: FLAG };
export { ACCOUNT_SORTS };

export interface AccountsQuery {
  page: number;
  search: string;
  sort?: AccountSort;
  filters: Partial<Record<keyof typeof ADMIN_ACCOUNT_FILTERS, Role | Flag>>;
}

const query = ({ page, search, filters }: AccountsQuery) => ({
  page,
  size: ACCOUNTS_PAGE_SIZE,
  search: search || undefined,
  // Empty = any: left out of the request, as the contract's "absent = either".
  ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
});

export const adminAccountsQueryOptions = (params: AccountsQuery) =>
  queryOptions({
    queryKey: ['admin', 'accounts', params],
    queryFn: ({ signal }) =>
      call(adminAccounts, { query: { ...query(params), sort: params.sort ?? 'newest' }, signal }),
    placeholderData: keepPreviousData,
  });

export const trialAccountsQueryOptions = (params: AccountsQuery) =>
  queryOptions({
    queryKey: ['support', 'trialpage', params],
    queryFn: ({ signal }) => call(supportTrialPage, { query: query(params), signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminAccounts = (params: AccountsQuery) => useQuery(adminAccountsQueryOptions(params));
export const useTrialAccounts = (params: AccountsQuery) => useQuery(trialAccountsQueryOptions(params));
