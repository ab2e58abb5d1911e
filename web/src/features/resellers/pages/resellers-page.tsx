import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { PageHeader } from '#components/page-header.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { administratorsOnly } from '../api/administrators-only.ts';
import { RESELLERS_PAGE_SIZE, useResellers } from '../api/resellers.ts';
import { resellerColumns } from '../components/reseller-columns.tsx';

export const loader = administratorsOnly;

/** /admin/reselleracc: reseller API accounts, newest first. */
export default function ResellersPage() {
  const params = useListParams({});
  const list = useResellers({ page: params.page, search: params.search });
  return (
    <>
      <PageHeader
        title="Resellers"
        description="API accounts with their own prices. Keys are shown once, when created or rotated."
        actions={
          <Link to={staffPaths.admin.newReseller} className={buttonClass('primary')}>
            <Plus className="size-4" aria-hidden="true" />
            New reseller
          </Link>
        }
      />
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
    </>
  );
}
