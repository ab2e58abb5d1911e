import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { TICKET_CLOSE_FAILED, TICKET_CLOSED } from '@tollgate/contract/tickets/tickets';
import { Alert } from '#components/ui/alert.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import { useStaffCloseTicket, useStaffTicket } from '../api/staff-tickets.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { AssigneeSelect } from '../components/assignee-select.tsx';
import { Conversation } from '../components/conversation.tsx';
import { StaffReply } from '../components/staff-reply.tsx';
import { TicketHeader } from '../components/ticket-header.tsx';

const CLOSED_FOR_STAFF =
  'This ticket is closed: nobody can answer it any more, but staff can still add internal notes.';

/** /admin/tickets/{ticket}: the conversation with notes, the customer beside it, and the desk's actions. */
export default function AdminTicketPage() {
  const { ticket: id = '' } = useParams();
  const ticket = useStaffTicket(id);
  const close = useStaffCloseTicket(id);
  const [confirming, setConfirming] = useState(false);
  if (ticket.isPending) return <PageSpinner />;
  if (ticket.error && !ticket.data) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  const closed = data.status === 'closed';

  const closeTicket = () =>
    close.mutate(undefined, {
      onSuccess: () => void notify('success', TICKET_CLOSED),
      onError: (error) => void notify('error', `${TICKET_CLOSE_FAILED}: ${errorMessage(error)}`),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="mx-auto max-w-7xl">
      <Link to={paths.admin.tickets} className={buttonClass('ghost', 'sm', '-ml-3 mb-2')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All tickets
      </Link>
      <TicketHeader
        ticket={data}
        actions={
          !closed && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              <Lock className="size-4" aria-hidden="true" />
              Close ticket
            </Button>
          )
        }
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
      <ConfirmDialog
        open={confirming}
        title="Close this ticket?"
        description={`${data.customer.username} can no longer reply to it; the history is kept.`}
        confirmLabel="Close ticket"
        busyLabel="Closing"
        busy={close.isPending}
        error={null}
        onConfirm={closeTicket}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
