import { useMemo } from 'react';
import { TICKET_CATEGORY_LABELS } from '@tollgate/contract/tickets/tickets';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { StaffPanel } from '#lib/staff-paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import {
  STAFF_QUEUE_LABEL,
  STAFF_STATUS_FILTER_LABELS,
  STAFF_TICKET_FILTERS,
  STAFF_TICKETS_PAGE_SIZE,
  useStaffTickets,
  useStaffTicketStats,
  useTicketAssignees,
} from '../api/staff-tickets.ts';
import { deskPaths } from '../utils/desk-paths.ts';
import { staffTicketColumns } from './ticket-columns.tsx';
import { TicketStats } from './ticket-stats.tsx';

/**
 * The ticket desk of either panel: the working queue (open and answered tickets) unless a status is
 * picked; closed tickets are the history under "Closed". Filter by category and assignee too.
 */
export function TicketDesk({ panel }: { panel: StaffPanel }) {
  const columns = useMemo(() => staffTicketColumns(deskPaths(panel)), [panel]);
  const assignees = useTicketAssignees();
  // Assignee ids come from the server; until they arrive only "Unassigned" is a known value.
  const assigneeIds = ['none', ...(assignees.data ?? []).map((staff) => staff.id)];
  const filterOptions = { ...STAFF_TICKET_FILTERS, assignee: assigneeIds };
  const params = useListParams({ filters: filterOptions });
  const list = useStaffTickets({ page: params.page, search: params.search, ...params.filters });
  const stats = useStaffTicketStats();
  const assigneeLabels = Object.fromEntries([
    ['none', 'Unassigned'],
    ...(assignees.data ?? []).map((staff) => [staff.id, staff.username]),
  ]);
  return (
    <>
      <PageHeader
        title="Tickets"
        description="Open and answered customer questions, newest activity first; open ones wait for you. Closed tickets are kept under Closed."
      />
      <TicketStats
        stats={stats.data}
        current={params.filters.status}
        onPick={(status) => params.setFilter('status', status)}
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={filterOptions}
        filters={[
          {
            key: 'status',
            label: 'Filter by status',
            labels: STAFF_STATUS_FILTER_LABELS,
            allLabel: STAFF_QUEUE_LABEL,
          },
          { key: 'category', label: 'Filter by category', labels: TICKET_CATEGORY_LABELS, allLabel: 'All categories' },
          { key: 'assignee', label: 'Filter by assignee', labels: assigneeLabels, allLabel: 'Anyone' },
        ]}
        caption="Tickets"
        columns={columns}
        rowKey={(row) => row._id}
        pageSize={STAFF_TICKETS_PAGE_SIZE}
        searchPlaceholder="Search by subject, customer or id"
        emptyTitle="No tickets match"
        emptyDescription="Change or clear the filters to see more tickets."
      />
    </>
  );
}
