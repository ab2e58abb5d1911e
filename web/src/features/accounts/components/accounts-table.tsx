import type { UseQueryResult } from '@tanstack/react-query';
import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import { DataTable, pagedQueryProps, useTableState, type Column } from '#components/ui/data-table.tsx';
import { ACCOUNTS_PAGE_SIZE, type AccountsQuery } from '../api/get-accounts.ts';
import { accountColumns } from './account-columns.tsx';

type ListResult = UseQueryResult<{ items: AccountListItem[]; total: number; page: number; size: number }>;

/** Server-paged, searchable account list; the caller picks the endpoint through `useList`. */
export function AccountsTable({
  useList,
  caption,
  actions,
}: {
  useList: (query: AccountsQuery) => ListResult;
  caption: string;
  /** Row actions, on screens whose callers may take them. */
  actions?: Column<AccountListItem>;
}) {
  const { page, setPage, search, setSearch } = useTableState();
  const list = useList({ page, search });
  return (
    <DataTable
      caption={caption}
      columns={actions ? [...accountColumns, actions] : accountColumns}
      {...pagedQueryProps(list)}
      rowKey={(row) => row.id}
      page={page}
      pageSize={ACCOUNTS_PAGE_SIZE}
      onPageChange={setPage}
      onSearch={setSearch}
      searchPlaceholder="Search by username or email"
      emptyTitle="No accounts yet"
      emptyDescription="Accounts appear here as soon as customers sign up."
    />
  );
}
