import { ACCOUNT_LIST_MAX_ROWS, type AccountSort } from '@tollgate/contract/admin/accounts';
import type { DbOrTx } from '#platform/db/client.ts';
import { accountListRepository, type AccountListFilter } from './account-list.repository';
import { toListItem } from './account-list.view';

export type AccountListOptions = AccountListFilter & { page: number; size: number; sort: AccountSort };

export const accountListService = {
  /**
   * The staff account list. `size` 0 is the whole list the spec allows, capped at
   * ACCOUNT_LIST_MAX_ROWS so one click never streams 100,000 rows.
   */
  async list(db: DbOrTx, query: AccountListOptions) {
    const limit = query.size === 0 ? ACCOUNT_LIST_MAX_ROWS : query.size;
    const offset = query.size === 0 ? 0 : (query.page - 1) * query.size;
    const { rows, total } = await accountListRepository.page(db, query, { sort: query.sort, limit, offset });
    return { items: rows.map(toListItem), total, page: query.page, size: query.size };
  },

  /** The support panel: customers only (no staff, no resellers), and never a money field. */
  async supportList(db: DbOrTx, query: Omit<AccountListOptions, 'sort' | 'role' | 'rolesOnly' | 'reseller'>) {
    const page = await this.list(db, { ...query, sort: 'newest', rolesOnly: ['User'], reseller: false });
    return { ...page, items: page.items.map(({ balance: _balance, spent: _spent, ...item }) => item) };
  },
};
