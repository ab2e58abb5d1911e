import type { Role } from '@tollgate/contract/access/roles';
import type { StaffTicket } from '@tollgate/contract/tickets/tickets';
import { TICKET_CLOSE_FAILED, TICKET_IS_CLOSED, TICKET_NOT_CLOSED } from '@tollgate/contract/tickets/tickets';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { usd } from '#platform/billing/price-lines.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { notificationsRepository } from './notifications.repository';
import type { NotificationsService } from './notifications.service';
import type { TicketAttachments } from './ticket-attachments.service';
import { closeTicket } from './ticket-close';
import { ticketCustomerRepository as customers } from './ticket-customer.repository';
import { threadOf, toStaffSummary, UNKNOWN_TICKET } from './ticket-view';
import type { TicketsDeps } from './tickets.deps';
import { ticketsRepository as repo, type StaffListQuery } from './tickets.repository';

export const UNKNOWN_STAFF_MEMBER = 'Unknown staff member';
const iso = (value: Date) => value.toISOString();

/** Who is reading a ticket: Support sees no money (spec §6), so no balance and no payments. */
export type DeskViewer = { role: Role };
const seesMoney = (viewer: DeskViewer) => viewer.role !== 'Support';

async function accountSummary(db: DbOrTx, accountId: string, viewer: DeskViewer): Promise<StaffTicket['account']> {
  const account = await customers.account(db, accountId);
  if (!account) throw notFound(UNKNOWN_TICKET);
  const money = seesMoney(viewer);
  const plans = await customers.plans(db, accountId);
  const invoices = money ? await customers.invoices(db, accountId) : null;
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    balance: money ? usd(account.balanceCents) : null,
    disabled: account.disabledAt !== null,
    createdAt: iso(account.createdAt),
    plans: plans.map((p) => ({
      id: p.id,
      name: p.label ?? p.planTitle,
      status: p.status,
      expiresAt: p.expiresAt ? iso(p.expiresAt) : null,
    })),
    recentPayments:
      invoices?.map((i) => ({
        id: i.id,
        kind: i.kind,
        total: usd(i.totalCents),
        status: i.status,
        createdAt: iso(i.createdAt),
      })) ?? null,
  };
}

/** The whole ticket as staff see it: notes, staff names and the customer's account beside it. */
async function staffTicket(db: DbOrTx, id: string, viewer: DeskViewer): Promise<StaffTicket> {
  const summary = await repo.staffSummary(db, id);
  if (!summary) throw notFound(UNKNOWN_TICKET);
  return {
    ...toStaffSummary(summary),
    values: await threadOf(db, id, 'staff'),
    account: await accountSummary(db, summary.ticket.accountId, viewer),
  };
}

/**
 * The staff desk (spec §2 /admin/tickets, /support/tickets; all three staff roles, DESIGN §10). A public
 * answer mails the customer after the answer has left and rings their bell; a failed mail or
 * notification is logged, never the call's.
 */
export function createStaffTicketsService(
  deps: TicketsDeps,
  { attachments, notifications }: { attachments: TicketAttachments; notifications: NotificationsService },
) {
  const { db } = deps;

  /**
   * Best effort, unlike receipts (ADR 019): a mail lost to a crash costs little, since the customer
   * area shows the answer as unread anyway, and the spec has notification failures logged only.
   */
  function mailCustomer(ticketId: string) {
    deps.afterAnswer.run(
      'ticket-answer-mail',
      async () => {
        const ticket = await repo.find(db, ticketId);
        const customer = ticket ? await customers.account(db, ticket.accountId) : null;
        if (!ticket || !customer || customer.deletedAt) return;
        const url = `${deps.publicUrl}/ticket/${ticket.id}`;
        await deps.mailer.send(deps.mail.ticketAnswered(customer.email, { subject: ticket.subject, url }));
      },
      Promise.resolve(),
    );
  }

  return {
    async list(query: StaffListQuery) {
      const { rows, total } = await repo.staffPage(db, query);
      return { items: rows.map(toStaffSummary), total, page: query.page, size: query.size };
    },

    async stats() {
      const { open, answered, closed } = await repo.stats(db);
      return { open, answered, closed, unread: open };
    },

    get: (auth: DeskViewer, id: string) => staffTicket(db, id, auth),

    /** An answer (status answered, customer mailed) or an internal note (nothing else changes). */
    async reply(
      auth: AuthContext,
      body: { ticketId: string; message: string; internal: boolean; attachmentIds: string[] },
    ) {
      const { ticketId, internal } = body;
      const ticket = await db.transaction(async (tx) => {
        const ticket = await repo.find(tx, ticketId, { lock: true });
        if (!ticket) throw notFound(UNKNOWN_TICKET);
        // Notes may still be added to a closed ticket's record; the customer hears nothing more.
        if (ticket.status === 'closed' && !internal) throw badRequest(TICKET_IS_CLOSED);
        const message = await repo.insertMessage(tx, {
          ticketId,
          authorId: auth.accountId,
          authorKind: 'staff',
          internal,
          body: body.message,
        });
        await attachments.attach(tx, body.attachmentIds, {
          uploaderId: auth.accountId,
          ticketId,
          messageId: message.id,
        });
        if (!internal) await repo.update(tx, ticketId, { status: 'answered', lastMessageAt: message.createdAt });
        return ticket;
      });
      if (!internal) {
        mailCustomer(ticketId);
        // The customer's bell (issue 32); a failure is logged, the answer stands.
        await notifications.notifyCustomer(ticket);
      }
      return staffTicket(db, ticketId, auth);
    },

    async assign(auth: DeskViewer, id: string, assigneeId: string | null) {
      if (assigneeId && !(await notificationsRepository.isStaff(db, assigneeId)))
        throw badRequest(UNKNOWN_STAFF_MEMBER);
      if (!(await repo.update(db, id, { assigneeId }))) throw notFound(UNKNOWN_TICKET);
      return staffTicket(db, id, auth);
    },

    /** Out of the customer's tickets and the working queue; kept here under Closed (ADR 050). */
    async close(auth: AuthContext, id: string) {
      if (await closeTicket(db, id, auth.accountId)) return null;
      if (!(await repo.find(db, id))) throw notFound(UNKNOWN_TICKET);
      throw badRequest(TICKET_CLOSE_FAILED);
    },

    /** The customer may reply again; reopening an open ticket is refused, so a double click does nothing twice. */
    async reopen(auth: DeskViewer, id: string) {
      if (!(await repo.reopen(db, id))) {
        if (!(await repo.find(db, id))) throw notFound(UNKNOWN_TICKET);
        throw badRequest(TICKET_NOT_CLOSED);
      }
      return staffTicket(db, id, auth);
    },

    async assignees() {
      return { items: await notificationsRepository.staff(db) };
    },
  };
}
