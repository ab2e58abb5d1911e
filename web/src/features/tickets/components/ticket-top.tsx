import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Lock, LockOpen } from 'lucide-react';
import {
  TICKET_CLOSE_FAILED,
  TICKET_CLOSED,
  TICKET_REOPENED,
  type TicketSummary,
} from '@tollgate/contract/tickets/tickets';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { TicketHeader } from './ticket-header.tsx';

interface TicketTopProps {
  ticket: TicketSummary;
  /** The list "All tickets" goes back to. */
  backTo: string;
  /** Closes the ticket (the spec's DELETE); rejects when the server refuses. */
  close: () => Promise<unknown>;
  closing: boolean;
  /** What closing means for whoever is reading, in the confirmation. */
  closeDescription: string;
  /** The error toast's text; the spec's message alone unless a side wants the reason too. */
  closeFailure?: (error: unknown) => string;
  /** Staff only: opens a closed ticket again (no confirmation: nothing is lost). */
  reopen?: () => Promise<unknown>;
  reopening?: boolean;
}

/** Both sides' top of a ticket: the way back, the header, and Close with its confirmation and toasts. */
export function TicketTop(props: TicketTopProps) {
  const { ticket, backTo, close, closing, closeDescription, closeFailure, reopen, reopening = false } = props;
  const [confirming, setConfirming] = useState(false);
  const closeTicket = () =>
    close()
      .then(() => void notify('success', TICKET_CLOSED))
      .catch((error: unknown) => void notify('error', closeFailure?.(error) ?? TICKET_CLOSE_FAILED))
      .finally(() => setConfirming(false));
  const reopenTicket = () =>
    reopen?.()
      .then(() => void notify('success', TICKET_REOPENED))
      .catch((error: unknown) => void notify('error', errorMessage(error)));

  return (
    <>
      <Link to={backTo} className={buttonClass('ghost', 'sm', '-ml-3 mb-2')}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All tickets
      </Link>
      <TicketHeader
        ticket={ticket}
        actions={
          ticket.status !== 'closed' ? (
            <Button variant="outline" onClick={() => setConfirming(true)}>
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
      <ConfirmDialog
        open={confirming}
        title="Close this ticket?"
        description={closeDescription}
        confirmLabel="Close ticket"
        busyLabel="Closing"
        busy={closing}
        error={null}
        onConfirm={() => void closeTicket()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
