import { useParams } from 'react-router';
import { TICKET_CLOSE_FAILED } from '@tollgate/contract/tickets/tickets';
import { Alert } from '#components/ui/alert.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import type { StaffPanel } from '#lib/staff-paths.ts';
import { useReopenTicket, useStaffCloseTicket, useStaffTicket } from '../api/staff-tickets.ts';
import { deskPaths } from '../utils/desk-paths.ts';
import { AccountSummary } from './account-summary.tsx';
import { AssigneeSelect } from './assignee-select.tsx';
import { Conversation } from './conversation.tsx';
import { StaffReply } from './staff-reply.tsx';
import { TicketTop } from './ticket-top.tsx';

const CLOSED_FOR_STAFF =
  'This ticket is closed: the customer no longer sees it and nobody can answer it, but staff can still add internal notes. Reopen it to answer; it comes back in the customer’s tickets.';

/** One ticket on either panel's desk: the conversation with notes, the customer beside it, and the desk's actions. */
export function DeskTicket({ panel }: { panel: StaffPanel }) {
  const { ticket: id = '' } = useParams();
  const paths = deskPaths(panel);
  const ticket = useStaffTicket(id);
  const close = useStaffCloseTicket(id);
  const reopen = useReopenTicket(id);
  if (ticket.isPending) return <PageSpinner />;
  if (ticket.error && !ticket.data) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  const closed = data.status === 'closed';

  return (
    <div className="mx-auto max-w-7xl">
      <TicketTop
        ticket={data}
        backTo={paths.tickets}
        close={() => close.mutateAsync()}
        closeDescription={`It leaves ${data.customer.username}’s tickets and the working queue; its history stays here under Closed, and you can reopen it.`}
        closeFailure={(error) => `${TICKET_CLOSE_FAILED}: ${errorMessage(error)}`}
        reopen={() => reopen.mutateAsync()}
        reopening={reopen.isPending}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Conversation scope="staff" ticketId={id} values={data.values} />
          {closed && <Alert tone="info">{CLOSED_FOR_STAFF}</Alert>}
          <StaffReply ticketId={id} notesOnly={closed} />
        </div>
        <aside className="space-y-4" aria-label="Ticket details">
          <AssigneeSelect ticketId={id} assignee={data.assignee} />
          <AccountSummary account={data.account} accountPath={paths.account(data.account.id)} />
        </aside>
      </div>
    </div>
  );
}
