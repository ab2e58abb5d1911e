import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '#components/ui/button.tsx';
import { EmptyState, ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { paths } from '#lib/paths.ts';
import {
  forgetMyTicket,
  isGoneTicket,
  myTicketsKey,
  useCloseMyTicket,
  useMyTicket,
  useReplyToMyTicket,
} from '../api/customer-tickets.ts';
import { Conversation } from '../components/conversation.tsx';
import { ReplyForm } from '../components/reply-form.tsx';
import { TicketTop } from '../components/ticket-top.tsx';

/** What a closed (deleted for the customer) or unknown ticket's address shows, e.g. from an old bell entry. */
function GoneTicket() {
  return (
    <EmptyState
      icon={SearchX}
      title="This ticket is closed or does not exist"
      description="Closed tickets leave your list; our support team keeps their history. Open a new ticket if you still need help."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={paths.tickets} className={buttonClass('outline', 'sm')}>
            All tickets
          </Link>
          <Link to={`${paths.tickets}?new=1`} className={buttonClass('primary', 'sm')}>
            New ticket
          </Link>
        </div>
      }
    />
  );
}

/** /ticket/{id} (spec §2): the conversation, a reply, and closing it, which deletes it from my tickets. */
export default function TicketPage() {
  const { id = '' } = useParams();
  const ticket = useMyTicket(id);
  const reply = useReplyToMyTicket(id);
  const close = useCloseMyTicket(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Reading the ticket marked its answers read: the sidebar count and the list catch up.
  const readAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void queryClient.invalidateQueries({
      queryKey: myTicketsKey,
      predicate: (query) => query.queryKey[2] === 'stats' || query.queryKey[2] === 'list',
    });
  }, [readAt, queryClient]);

  // A ticket closed here is dropped from the cache once the page has gone (dropped while shown, it
  // would be asked for again and meet its 404); coming back to its address then asks afresh.
  const closedHere = useRef(false);
  useEffect(
    () => () => {
      if (closedHere.current) forgetMyTicket(queryClient, id);
    },
    [queryClient, id],
  );

  if (ticket.isPending) return <PageSpinner />;
  // Closed meanwhile (staff, another tab) is gone too, even with the earlier copy still at hand.
  if (isGoneTicket(ticket.error)) return <GoneTicket />;
  if (ticket.error && !ticket.data) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;

  /** Closed, the ticket is gone for me: back to the list it is no longer in. */
  const closeTicket = async () => {
    await close.mutateAsync();
    closedHere.current = true;
    await navigate(paths.tickets);
  };

  return (
    <div className="mx-auto max-w-4xl">
      <TicketTop
        ticket={data}
        backTo={paths.tickets}
        close={closeTicket}
        closeDescription="Closing deletes it from your tickets and you can no longer reply to it; our support team keeps its history. Open a new ticket if you need help again."
      />
      <Conversation scope="customer" ticketId={id} values={data.values} />
      <div className="mt-6">
        <ReplyForm
          scope="customer"
          label="Your reply"
          submitLabel="Send reply"
          send={(body) => reply.mutateAsync(body)}
        />
      </div>
    </div>
  );
}
