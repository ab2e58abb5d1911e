import { TicketDesk } from '../components/ticket-desk.tsx';

/** /support/tickets: the same desk in the support panel (DESIGN §10: answering customers is Support's job). */
export default function SupportTicketsPage() {
  return <TicketDesk panel="support" />;
}
