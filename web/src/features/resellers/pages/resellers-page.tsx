import { useSearchParams } from 'react-router';
import { NewItemLink, PageHeader } from '#components/page-header.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { administratorsOnly } from '../api/administrators-only.ts';
import { useOpenApplications } from '../api/reseller-applications.ts';
import { RESELLERS_PAGE_SIZE, useResellers } from '../api/resellers.ts';
import { ApplicationsList } from '../components/applications-list.tsx';
import { resellerColumns } from '../components/reseller-columns.tsx';
import { ResellerTabs } from '../components/reseller-tabs.tsx';

export const loader = administratorsOnly;

function ResellersList() {
  const params = useListParams({});
  const list = useResellers({ page: params.page, search: params.search });
  return (
    <ListPage
      params={params}
      query={list}
      caption="Resellers"
      columns={resellerColumns}
      rowKey={(r) => r.id}
      pageSize={RESELLERS_PAGE_SIZE}
      searchPlaceholder="Search by username or email"
      emptyTitle={params.search ? 'No reseller matches' : 'No resellers yet'}
      emptyDescription="Create a reseller account to give a partner API access at their own prices."
    />
  );
}

/**
 * /admin/reselleracc: reseller API accounts and programme members, newest first; and the programme's
 * applications (`?view=applications`, ADR 042), with how many are open on the tab.
 */
export default function ResellersPage() {
  const [search] = useSearchParams();
  const view = search.get('view') === 'applications' ? 'applications' : 'resellers';
  const open = useOpenApplications();
  return (
    <>
      <PageHeader
        title="Resellers"
        description="API accounts and web customers in the reseller programme, with their own prices. Keys are shown once, when created or rotated."
        actions={<NewItemLink to={staffPaths.admin.newReseller}>New reseller</NewItemLink>}
      />
      <div className="space-y-6">
        <ResellerTabs current={view} openApplications={open.data} />
        {view === 'applications' ? <ApplicationsList /> : <ResellersList />}
      </div>
    </>
  );
}
