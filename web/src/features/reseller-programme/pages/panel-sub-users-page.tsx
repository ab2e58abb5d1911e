import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useOverview, usePanelSubUsers } from '../api/panel.ts';
import { SubUserDetail } from '../components/sub-user-detail.tsx';
import { subUserColumns } from '../components/sub-user-columns.tsx';
import { SubUserList } from '../components/sub-user-list.tsx';

const subUserPath = (id: string) => paths.resellerPanel.subUser.replace(':id', encodeURIComponent(id));
const columns = subUserColumns(subUserPath, { usage: true });

function SubUsers() {
  const params = useListParams({});
  const list = usePanelSubUsers({ page: params.page, search: params.search });
  return <SubUserList params={params} list={list} columns={columns} subUserHref={subUserPath} />;
}

/**
 * /reseller/panel/sub-users and /reseller/panel/sub-users/{id} (ADR 044): the reseller's customers
 * with their running plans and traffic, and one of them with its plans, usage and a sale.
 */
export default function PanelSubUsersPage({ open }: { open: string | null }) {
  const overview = useOverview();
  return (
    <div>
      <PageHeader
        title="Sub-users"
        description="Accounts for your own customers: they sign in to their customer area and use the plans you sell them."
      />
      {open === null ? (
        <SubUsers />
      ) : overview.data ? (
        <SubUserDetail id={open} backHref={paths.resellerPanel.subUsers} terms={overview.data} />
      ) : overview.error ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
