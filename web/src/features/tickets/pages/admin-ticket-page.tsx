import { DeskTicket } from '../components/desk-ticket.tsx';

/** /admin/tickets/{ticket}: the target of the admin panel's notifications. */
export default function AdminTicketPage() {
  return <DeskTicket panel="admin" />;
}
