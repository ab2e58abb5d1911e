import { useState } from 'react';
import { Check, ExternalLink, X } from 'lucide-react';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import { useChangeRequests, type Decision } from '#components/change-requests/change-requests-api.ts';
import { describeTarget, formatChange, STATUS_LABELS } from '#components/change-requests/change-request-text.ts';
import { DecisionDialog } from '#components/change-requests/decision-dialog.tsx';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useListParams } from '#lib/use-list-params.ts';
import { accountPath, changeRequestColumns } from '../components/change-request-columns.tsx';

const PAGE_SIZE = 20;
const filterOptions = { status: CHANGE_REQUEST_STATUSES };

/**
 * /admin/change-requests (issue 32): staff changes above the limits wait here for a second staff
 * member. Pending first, oldest first; the server answers at most 500, paged here.
 */
export default function ChangeRequestsPage() {
  const params = useListParams({ filters: filterOptions });
  const status = params.filters.status || 'all';
  const list = useChangeRequests({ status });
  const [open, setOpen] = useState<{ request: ChangeRequestItem; decision: Decision } | null>(null);
  const items = list.data ?? [];
  const query = {
    ...list,
    data: list.data && {
      items: items.slice((params.page - 1) * PAGE_SIZE, params.page * PAGE_SIZE),
      total: items.length,
    },
  };
  const pending = items.filter((r) => r.status === 'pending').length;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Change requests"
        description={
          list.data
            ? `${pending} waiting for approval. Balance, GB and days above a staff member's limit wait here for someone else to decide.`
            : "Balance, GB and days above a staff member's limit wait here for someone else to decide."
        }
      />
      <ListPage
        params={params}
        query={query}
        filterOptions={filterOptions}
        filters={[{ key: 'status', label: 'Filter by status', labels: STATUS_LABELS, allLabel: 'All requests' }]}
        caption="Change requests"
        columns={changeRequestColumns}
        rowKey={(r) => r.id}
        pageSize={PAGE_SIZE}
        emptyTitle={params.filters.status ? 'No request matches' : 'No change requests'}
        emptyDescription="A Manager's credit or Support's GB and days above their limits appear here."
        rowActions={{
          label: (r) => `${describeTarget(r)} ${formatChange(r)} for ${r.accountUsername}`,
          groups: (r) => [
            r.status === 'pending'
              ? [
                  { label: 'Approve', icon: Check, onSelect: () => setOpen({ request: r, decision: 'approve' }) },
                  {
                    label: 'Reject',
                    icon: X,
                    danger: true,
                    onSelect: () => setOpen({ request: r, decision: 'reject' }),
                  },
                ]
              : [],
            [{ label: 'Open account', icon: ExternalLink, to: accountPath(r.accountId) }],
          ],
        }}
      />
      {open && <DecisionDialog request={open.request} decision={open.decision} onClose={() => setOpen(null)} />}
    </div>
  );
}
