import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { useListParams } from '#lib/use-list-params.ts';
import {
  CUSTOMER_TICKET_PAGE_SIZE,
  CUSTOMER_TICKET_STATUSES,
  TICKET_STATUS_LABELS,
} from '@tollgate/contract/tickets/tickets';
import { MY_TICKET_FILTERS, useMyTickets, useMyTicketStats } from '../api/customer-tickets.ts';
import { NewTicketForm } from '../components/new-ticket-form.tsx';
import { customerTicketColumns } from '../components/ticket-columns.tsx';
import { TicketStats } from '../components/ticket-stats.tsx';

/** /ticket (spec §2): my open and answered tickets, ten a page, and a new one; closing deletes one from here. */
export default function TicketsPage() {
  const params = useListParams({ filters: MY_TICKET_FILTERS });
  const list = useMyTickets({ page: params.page, search: params.search, status: params.filters.status });
  const stats = useMyTicketStats();
  const [search] = useSearchParams();
  // `?new=1`: the gone-ticket page's "New ticket" lands with the form open.
  const [writing, setWriting] = useState(search.get('new') === '1');
  return (
    <>
      <PageHeader
        title="Tickets"
        description="Ask our support team anything about your plans, payments or account. A ticket you close leaves this list; our support team keeps its history."
        actions={
          !writing && (
            <Button onClick={() => setWriting(true)}>
              <Plus className="size-4" aria-hidden="true" />
              New ticket
            </Button>
          )
        }
      />
      {writing && <NewTicketForm onCancel={() => setWriting(false)} />}
      <TicketStats
        statuses={CUSTOMER_TICKET_STATUSES}
        stats={stats.data}
        current={params.filters.status}
        onPick={(status) => params.setFilter('status', status)}
      />
      <ListPage
        params={params}
        query={list}
        filterOptions={MY_TICKET_FILTERS}
        filters={[{ key: 'status', label: 'Filter by status', labels: TICKET_STATUS_LABELS, allLabel: 'All statuses' }]}
        caption="Tickets"
        columns={customerTicketColumns}
        rowKey={(row) => row._id}
        pageSize={CUSTOMER_TICKET_PAGE_SIZE}
        searchPlaceholder="Search by subject or id"
        emptyTitle="No tickets yet"
        emptyDescription="Open a ticket and our support team will answer here and by email."
      />
    </>
  );
}
