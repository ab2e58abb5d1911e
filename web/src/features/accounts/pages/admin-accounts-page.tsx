import { PageHeader } from '#components/page-header.tsx';
import { useAdminAccounts } from '../api/get-accounts.ts';
import { AccountsTable } from '../components/accounts-table.tsx';

export default function AdminAccountsPage() {
  return (
    <>
      <PageHeader title="User Management" description="Every account on Tollgate, newest first." />
      <AccountsTable caption="Accounts" useList={useAdminAccounts} />
    </>
  );
}
