import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import { ListPage } from '#components/list-page/list-page.tsx';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useCurrentUser } from '#lib/session.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { ACCOUNT_SORTS, ACCOUNTS_PAGE_SIZE, ADMIN_ACCOUNT_FILTERS, useAdminAccounts } from '../api/get-accounts.ts';
import { adminAccountColumns } from '../components/account-columns.tsx';
import { ACCOUNT_FILTERS, SORT_LABELS } from '../components/account-filters.tsx';
import { DeleteAccountDialog } from '#components/staff-delete-account-dialog.tsx';

const columns = adminAccountColumns(staffPaths.admin.account);

export default function AdminAccountsPage() {
  const params = useListParams({ filters: ADMIN_ACCOUNT_FILTERS, sorts: ACCOUNT_SORTS, defaultSort: 'newest' });
  const list = useAdminAccounts({
    page: params.page,
    search: params.search,
    sort: params.sort,
    filters: params.filters,
  });
  const [deleting, setDeleting] = useState<AccountListItem | null>(null);
  const me = useCurrentUser().data;
  const actions: Column<AccountListItem> = {
    key: 'actions',
    header: 'Actions',
    className: 'whitespace-nowrap',
    cell: (account) =>
      // One's own account is deleted from Settings, where it asks for the password.
      account.id === me?.id ? (
        <span className="text-xs text-slate-500 dark:text-slate-400">You</span>
      ) : (
        <Button
          variant="ghost-danger"
          size="icon"
          onClick={() => setDeleting(account)}
          aria-label={`Delete ${account.username}`}
          title="Delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ),
  };
  return (
    <>
      <PageHeader
        title="User Management"
        description="Every account on Tollgate: find one by username, email or id."
        actions={<NewItemLink to={staffPaths.admin.newAccount}>New account</NewItemLink>}
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={ADMIN_ACCOUNT_FILTERS}
        filters={ACCOUNT_FILTERS}
        sort={{
          label: 'Sort accounts',
          options: ACCOUNT_SORTS,
          labels: SORT_LABELS,
          className: 'w-[calc(50%-0.375rem)] sm:w-44',
        }}
        caption="Accounts"
        columns={[...columns, actions]}
        rowKey={(row) => row.id}
        pageSize={ACCOUNTS_PAGE_SIZE}
        searchPlaceholder="Search by username, email or id"
        emptyTitle="No accounts match"
        emptyDescription="Change or clear the filters to see more accounts."
      />
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
