import { Lock, LockOpen } from 'lucide-react';
import {
  TICKET_CLOSE_FAILED,
  TICKET_CLOSED,
  TICKET_REOPENED,
  type TicketSummary,
} from '@tollgate/contract/tickets/tickets';
import { BackLink } from '#components/page-header.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { TicketHeader } from './ticket-header.tsx';

interface TicketTopProps {
  ticket: TicketSummary;
  /** The list "All tickets" goes back to. */
  backTo: string;
  /** Closes the ticket (the spec's DELETE); rejects when the server refuses. */
  close: () => Promise<unknown>;
  /** What closing means for whoever is reading, in the confirmation. */
  closeDescription: string;
  /** What the confirmation says when closing fails; the spec's message alone unless a side wants the reason too. */
  closeFailure?: (error: unknown) => string;
  /** Staff only: opens a closed ticket again (no confirmation: nothing is lost). */
  reopen?: () => Promise<unknown>;
  reopening?: boolean;
}

/** Both sides' top of a ticket: the way back, the header, and Close with its confirmation and toasts. */
export function TicketTop(props: TicketTopProps) {
  const { ticket, backTo, close, closeDescription, closeFailure, reopen, reopening = false } = props;
  const { confirm, dialog } = useConfirm();
  // Closed in the dialog, which keeps a refusal (in the spec's words) for another try.
  const closeTicket = async () => {
    const closed = await confirm({
      title: 'Close this ticket?',
      description: closeDescription,
      confirmLabel: 'Close ticket',
      action: close,
      failure: (error) => closeFailure?.(error) ?? TICKET_CLOSE_FAILED,
    });
    if (closed) void notify('success', TICKET_CLOSED);
  };
  const reopenTicket = () =>
    reopen?.()
      .then(() => void notify('success', TICKET_REOPENED))
      .catch((error: unknown) => void notify('error', errorMessage(error)));

  return (
    <>
      <BackLink to={backTo}>All tickets</BackLink>
      <TicketHeader
        ticket={ticket}
        actions={
          ticket.status !== 'closed' ? (
            <Button variant="outline" onClick={() => void closeTicket()}>
              <Lock className="size-4" aria-hidden="true" />
              Close ticket
            </Button>
          ) : (
            reopen && (
              <Button
                variant="outline"
                disabled={reopening}
                aria-busy={reopening || undefined}
                onClick={() => void reopenTicket()}
              >
                {reopening ? <Spinner label="Reopening" /> : <LockOpen className="size-4" aria-hidden="true" />}
                Reopen ticket
              </Button>
            )
          )
        }
      />
      {dialog}
    </>
  );
}
