import { useState } from 'react';
import {
  adminApproveResellerApplication,
  adminRejectResellerApplication,
  APPLICATION_STATUSES,
} from '@tollgate/contract/reseller/reseller-programme';
import { ListPage } from '#components/list-page/list-page.tsx';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import {
  APPLICATIONS_PAGE_SIZE,
  useApproveApplication,
  useRejectApplication,
  useResellerApplications,
} from '../api/reseller-applications.ts';
import { ApplicationMessage, applicationColumns, STATUS_LABELS, type Decision } from './application-columns.tsx';
import { ApproveDialog, RejectDialog } from './decision-dialogs.tsx';

const filterOptions = { status: APPLICATION_STATUSES };

/** Reseller programme applications (ADR 042): open ones first; approve with terms or refuse with a reason. */
export function ApplicationsList() {
  const params = useListParams({ filters: filterOptions });
  const list = useResellerApplications({ page: params.page, search: params.search, status: params.filters.status });
  const [decision, setDecision] = useState<Decision | null>(null);
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const close = () => {
    setDecision(null);
    approve.reset();
    reject.reset();
  };
  return (
    <>
      <ListPage
        params={params}
        query={list}
        filterOptions={filterOptions}
        filters={[{ key: 'status', label: 'Filter by status', labels: STATUS_LABELS, allLabel: 'All applications' }]}
        caption="Reseller applications"
        columns={applicationColumns(setDecision)}
        rowKey={(a) => a.id}
        expanded={(a) => <ApplicationMessage application={a} />}
        pageSize={APPLICATIONS_PAGE_SIZE}
        searchPlaceholder="Search by username or email"
        emptyTitle={params.search || params.filters.status ? 'No application matches' : 'No applications yet'}
        emptyDescription="Customers apply from their reseller dashboard; their applications wait here."
      />
      {decision?.kind === 'approve' && (
        <ApproveDialog
          username={decision.application.username}
          busy={approve.isPending}
          onClose={close}
          onApprove={(terms, fail) =>
            approve.mutate(
              { id: decision.application.id, terms },
              {
                onSuccess: () => {
                  void notify('success', adminApproveResellerApplication.message);
                  close();
                },
                onError: fail,
              },
            )
          }
        />
      )}
      {decision?.kind === 'reject' && (
        <RejectDialog
          username={decision.application.username}
          busy={reject.isPending}
          onClose={close}
          onReject={(reason, fail) =>
            reject.mutate(
              { id: decision.application.id, reason },
              {
                onSuccess: () => {
                  void notify('success', adminRejectResellerApplication.message);
                  close();
                },
                onError: fail,
              },
            )
          }
        />
      )}
    </>
  );
}
