import { useParams } from 'react-router';
import { TICKET_CLOSE_FAILED } from '@tollgate/contract/tickets/tickets';
import { Alert } from '#components/ui/alert.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useStaffCloseTicket, useStaffTicket } from '../api/staff-tickets.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { AssigneeSelect } from '../components/assignee-select.tsx';
import { Conversation } from '../components/conversation.tsx';
import { StaffReply } from '../components/staff-reply.tsx';
import { TicketTop } from '../components/ticket-top.tsx';

const CLOSED_FOR_STAFF =
  'This ticket is closed: nobody can answer it any more, but staff can still add internal notes.';

/** /admin/tickets/{ticket}: the conversation with notes, the customer beside it, and the desk's actions. */
export default function AdminTicketPage() {
  const { ticket: id = '' } = useParams();
  const ticket = useStaffTicket(id);
  const close = useStaffCloseTicket(id);
  if (ticket.isPending) return <PageSpinner />;
  if (ticket.error && !ticket.data) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  const closed = data.status === 'closed';

  return (
    <div className="mx-auto max-w-7xl">
      <TicketTop
        ticket={data}
        backTo={staffPaths.admin.tickets}
        close={() => close.mutateAsync()}
        closing={close.isPending}
        closeDescription={`${data.customer.username} can no longer reply to it; the history is kept.`}
        closeFailure={(error) => `${TICKET_CLOSE_FAILED}: ${errorMessage(error)}`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Conversation scope="staff" ticketId={id} values={data.values} />
          {closed && <Alert tone="info">{CLOSED_FOR_STAFF}</Alert>}
          <StaffReply ticketId={id} notesOnly={closed} />
        </div>
        <aside className="space-y-4" aria-label="Ticket details">
          <AssigneeSelect ticketId={id} assignee={data.assignee} />
          <AccountSummary account={data.account} />
        </aside>
      </div>
    </div>
  );
}
