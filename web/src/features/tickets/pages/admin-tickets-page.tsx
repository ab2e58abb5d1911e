import { TicketDesk } from '../components/ticket-desk.tsx';

/** /admin/tickets: the desk of the admin panel (Administrators and Managers). */
export default function AdminTicketsPage() {
  return <TicketDesk panel="admin" />;
}
