import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { SUB_USERS_PAGE_SIZE } from '@tollgate/contract/reseller/sub-users';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useOverview, usePanelSubUsers } from '../api/panel.ts';
import { CreateSubUserDialog } from '../components/create-sub-user-dialog.tsx';
import { SubUserDetail } from '../components/sub-user-detail.tsx';
import { subUserColumns } from '../components/sub-user-columns.tsx';

const subUserPath = (id: string) => paths.resellerPanel.subUser.replace(':id', encodeURIComponent(id));
const columns = subUserColumns(subUserPath, { usage: true });

function SubUserList() {
  const params = useListParams({});
  const navigate = useNavigate();
  const list = usePanelSubUsers({ page: params.page, search: params.search });
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListPage
        params={params}
        query={list}
        caption="Sub-users"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={SUB_USERS_PAGE_SIZE}
        searchPlaceholder="Search by username or email"
        emptyTitle="No sub-users yet"
        emptyDescription="Create a sub-user for each of your customers, then sell them plans."
        toolbar={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" /> New sub-user
          </Button>
        }
      />
      <CreateSubUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(subUserPath(id));
        }}
      />
    </>
  );
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
        <SubUserList />
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
