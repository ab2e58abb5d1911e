import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { TICKET_IS_CLOSED } from '@tollgate/contract/tickets/tickets';
import { Alert } from '#components/ui/alert.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '#lib/paths.ts';
import { myTicketsKey, useCloseMyTicket, useMyTicket, useReplyToMyTicket } from '../api/customer-tickets.ts';
import { Conversation } from '../components/conversation.tsx';
import { ReplyForm } from '../components/reply-form.tsx';
import { TicketTop } from '../components/ticket-top.tsx';

/** /ticket/{id} (spec §2): the conversation, a reply, and closing it. */
export default function TicketPage() {
  const { id = '' } = useParams();
  const ticket = useMyTicket(id);
  const reply = useReplyToMyTicket(id);
  const close = useCloseMyTicket(id);
  const queryClient = useQueryClient();

  // Reading the ticket marked its answers read: the sidebar count and the list catch up.
  const readAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void queryClient.invalidateQueries({
      queryKey: myTicketsKey,
      predicate: (query) => query.queryKey[2] === 'stats' || query.queryKey[2] === 'list',
    });
  }, [readAt, queryClient]);

  if (ticket.isPending) return <PageSpinner />;
  if (ticket.error && !ticket.data) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  const closed = data.status === 'closed';

  return (
    <div className="mx-auto max-w-4xl">
      <TicketTop
        ticket={data}
        backTo={paths.tickets}
        close={() => close.mutateAsync()}
        closing={close.isPending}
        closeDescription="Close it when your question is answered. Open a new ticket if you need help again."
      />
      <Conversation scope="customer" ticketId={id} values={data.values} />
      <div className="mt-6">
        {closed ? (
          <Alert
            tone="info"
            action={
              <Link to={`${paths.tickets}?new=1`} className={buttonClass('outline', 'sm')}>
                New ticket
              </Link>
            }
          >
            {TICKET_IS_CLOSED}
          </Alert>
        ) : (
          <ReplyForm
            scope="customer"
            label="Your reply"
            submitLabel="Send reply"
            send={(body) => reply.mutateAsync(body)}
          />
        )}
      </div>
    </div>
  );
}
