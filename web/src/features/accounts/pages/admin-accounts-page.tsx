import { useState } from 'react';
import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import { Trash2 } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { useCurrentUser } from '#lib/session.ts';
import { useAdminAccounts } from '../api/get-accounts.ts';
import { AccountsTable } from '../components/accounts-table.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';

export default function AdminAccountsPage() {
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
      <PageHeader title="User Management" description="Every account on Tollgate, newest first." />
      <AccountsTable caption="Accounts" useList={useAdminAccounts} actions={actions} />
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
