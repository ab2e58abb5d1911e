import type { AccountSort } from '@tollgate/contract/admin/accounts';
import type { ListFilter } from '#components/list-page/list-page.tsx';
import type { ADMIN_ACCOUNT_FILTERS, SUPPORT_ACCOUNT_FILTERS } from '../api/get-accounts.ts';

type Filters = typeof ADMIN_ACCOUNT_FILTERS;
// Two filters a row on a phone: six full-width selects would push the list off the first screen.
const HALF = 'w-[calc(50%-0.375rem)] sm:w-44';
const yesNo = (yes: string, no: string) => ({ true: yes, false: no });

/** The account lists' filters, in the order staff scan them; support shows a subset. */
export const ACCOUNT_FILTERS: Array<ListFilter<Filters>> = [
  {
    key: 'role',
    label: 'Filter by role',
    labels: { User: 'Customers', Administrator: 'Administrators', Manager: 'Managers', Support: 'Support' },
    allLabel: 'All roles',
    className: HALF,
  },
  {
    key: 'verified',
    label: 'Filter by email verification',
    labels: yesNo('Verified', 'Unverified'),
    allLabel: 'Any verification',
    className: HALF,
  },
  {
    key: 'twoFactor',
    label: 'Filter by 2FA',
    labels: yesNo('2FA on', '2FA off'),
    allLabel: 'Any 2FA',
    className: HALF,
  },
  {
    key: 'reseller',
    label: 'Filter by reseller',
    labels: yesNo('Resellers', 'Not resellers'),
    allLabel: 'Resellers or not',
    className: HALF,
  },
  {
    key: 'disabled',
    label: 'Filter by disabled',
    labels: yesNo('Disabled', 'Enabled'),
    allLabel: 'Enabled or not',
    className: HALF,
  },
  {
    key: 'activePlan',
    label: 'Filter by active plan',
    labels: yesNo('Has an active plan', 'No active plan'),
    allLabel: 'Any plans',
    className: HALF,
  },
];

type SupportFilter = ListFilter<typeof SUPPORT_ACCOUNT_FILTERS>;
export const SUPPORT_FILTERS = ACCOUNT_FILTERS.filter(
  (f): f is SupportFilter & ListFilter<Filters> => f.key !== 'role' && f.key !== 'reseller',
) as SupportFilter[];

export const SORT_LABELS: Record<AccountSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  balance_desc: 'Balance: highest',
  balance_asc: 'Balance: lowest',
  spent_desc: 'Spent: most',
  spent_asc: 'Spent: least',
};
