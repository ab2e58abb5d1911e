import { PageHeader } from '#components/page-header.tsx';
import { useTrialAccounts } from '../api/get-accounts.ts';
import { AccountsTable } from '../components/accounts-table.tsx';

export default function TrialPage() {
  return (
    <>
      <PageHeader title="Management panel" description="Customer accounts you can look after, newest first." />
      <AccountsTable caption="Customer accounts" useList={useTrialAccounts} />
    </>
  );
}
