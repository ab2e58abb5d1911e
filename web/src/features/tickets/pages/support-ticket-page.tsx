import { DeskTicket } from '../components/desk-ticket.tsx';

/** /support/tickets/{ticket}: the target of the support panel's notifications. */
export default function SupportTicketPage() {
  return <DeskTicket panel="support" />;
}
