import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { ACCOUNTS_PAGE_SIZE, SUPPORT_ACCOUNT_FILTERS, useTrialAccounts } from '../api/get-accounts.ts';
import { supportAccountColumns } from '../components/account-columns.tsx';
import { SUPPORT_FILTERS } from '../components/account-filters.tsx';

const columns = supportAccountColumns(staffPaths.support.account);

/** /support/trialpage: customer accounts support looks after, newest first; never money. */
export default function TrialPage() {
  const params = useListParams({ filters: SUPPORT_ACCOUNT_FILTERS });
  const list = useTrialAccounts({ page: params.page, search: params.search, filters: params.filters });
  return (
    <>
      <PageHeader title="Management panel" description="Customer accounts you can look after, newest first." />
      <ListPage
        params={params}
        query={list}
        filterOptions={SUPPORT_ACCOUNT_FILTERS}
        filters={SUPPORT_FILTERS}
        caption="Customer accounts"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={ACCOUNTS_PAGE_SIZE}
        searchPlaceholder="Search by username, email or id"
        emptyTitle="No accounts match"
        emptyDescription="Change or clear the filters to see more accounts."
      />
    </>
  );
}
