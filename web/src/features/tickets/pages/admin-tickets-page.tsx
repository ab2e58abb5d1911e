import { TICKET_CATEGORY_LABELS, TICKET_STATUS_LABELS } from '@tollgate/contract/tickets/tickets';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { useListParams } from '#lib/use-list-params.ts';
import {
  STAFF_TICKET_FILTERS,
  STAFF_TICKETS_PAGE_SIZE,
  useStaffTickets,
  useStaffTicketStats,
  useTicketAssignees,
} from '../api/staff-tickets.ts';
import { staffTicketColumns } from '../components/ticket-columns.tsx';
import { TicketStats } from '../components/ticket-stats.tsx';

/** /admin/tickets: every ticket, open ones first; filter by status, category and assignee. */
export default function AdminTicketsPage() {
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
      <PageHeader title="Tickets" description="Customer questions, newest activity first; open ones wait for you." />
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
          { key: 'status', label: 'Filter by status', labels: TICKET_STATUS_LABELS, allLabel: 'All statuses' },
          { key: 'category', label: 'Filter by category', labels: TICKET_CATEGORY_LABELS, allLabel: 'All categories' },
          { key: 'assignee', label: 'Filter by assignee', labels: assigneeLabels, allLabel: 'Anyone' },
        ]}
        caption="Tickets"
        columns={staffTicketColumns}
        rowKey={(row) => row._id}
        pageSize={STAFF_TICKETS_PAGE_SIZE}
        searchPlaceholder="Search by subject, customer or id"
        emptyTitle="No tickets match"
        emptyDescription="Change or clear the filters to see more tickets."
      />
    </>
  );
}
