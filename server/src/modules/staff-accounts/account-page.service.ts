import type { AccountPayment, AuditItem, LedgerItem, SignInEvent } from '@tollgate/contract/admin/account-page';
import { toDollars } from '@tollgate/contract/http/money';
import type { DbOrTx } from '#platform/db/client.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import { notFound } from '#platform/http/errors.ts';
import { accountPageRepository as repo, type Page } from './account-page.repository';
import { toAdminAccount, toSupportAccount } from './account-page.view';
import type { AccountPageViews } from './staff-accounts.deps';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

export const UNKNOWN_ACCOUNT = 'Unknown account';
const iso = (value: Date) => value.toISOString();

/** Support looks after customers only: staff and API reseller accounts are not theirs to see (spec §6). */
export const isCustomer = (row: Pick<AccountRow, 'role' | 'reseller'>) => row.role === 'User' && !row.reseller;

/** The live (not deleted) account, or 404 'Unknown account'. */
export async function findAccountOr404(db: DbOrTx, userId: string, options: { lock?: boolean } = {}) {
  const row = await repo.findLive(db, userId, options);
  if (!row) throw notFound(UNKNOWN_ACCOUNT);
  return row;
}

export async function adminView(db: DbOrTx, row: AccountRow) {
  return toAdminAccount(row, await repo.facts(db, row.id));
}
export async function supportView(db: DbOrTx, row: AccountRow) {
  return toSupportAccount(row, await repo.facts(db, row.id));
}

const listOf = <T>(page: Page, total: number, items: T[]) => ({ items, total, page: page.page, size: page.size });

/** The staff account page and its lists; every list pages by 10 (spec §9). */
export function createAccountPageService({ db, views }: { db: DbOrTx; views: AccountPageViews }) {
  async function subscriptionsOf(row: AccountRow, page: Page) {
    const { rows, total } = await repo.subscriptions(db, row.id, page);
    const owner = { id: row.id, username: row.username, email: row.email };
    const now = new Date();
    return listOf(
      page,
      total,
      rows.map((r) => views.staffSubscription(r.subscription, r.plan, owner, now)),
    );
  }

  return {
    async admin(userId: string, page: Page) {
      const row = await findAccountOr404(db, userId);
      return { account: await adminView(db, row), subscriptions: await subscriptionsOf(row, page) };
    },

    /** Customers only; a staff, reseller, deleted or unknown account is simply not found. */
    async support(id: string, page: Page) {
      const row = await repo.findLive(db, id);
      if (!row || !isCustomer(row)) throw notFound(UNKNOWN_ACCOUNT);
      return { account: await supportView(db, row), subscriptions: await subscriptionsOf(row, page) };
    },

    async ledger(userId: string, page: Page) {
      await findAccountOr404(db, userId);
      const { rows, total } = await repo.ledger(db, userId, page);
      const references = rows.flatMap(({ entry }) => (entry.reference ? [entry.reference] : []));
      const invoiceOf = await repo.ledgerInvoices(db, userId, references);
      return listOf(
        page,
        total,
        rows.map(({ entry, actor }): LedgerItem => ({
          id: entry.id,
          kind: entry.kind,
          amount: toDollars(entry.amountCents),
          balanceAfter: toDollars(entry.balanceAfterCents),
          reference: entry.reference,
          invoice: (entry.reference && invoiceOf.get(entry.reference)) || null,
          reason: entry.reason,
          actor: actor?.id ? { id: actor.id, username: actor.username } : null,
          createdAt: iso(entry.createdAt),
        })),
      );
    },

    async invoices(userId: string, page: Page) {
      await findAccountOr404(db, userId);
      const { rows, total } = await repo.invoices(db, userId, page);
      return listOf(
        page,
        total,
        rows.map((r) => views.invoice(r)),
      );
    },

    async payments(userId: string, page: Page) {
      await findAccountOr404(db, userId);
      const { rows, total } = await repo.payments(db, userId, page);
      return listOf(
        page,
        total,
        rows.map(({ payment, invoiceNumber }): AccountPayment => ({
          id: payment.id,
          invoiceId: payment.invoiceId,
          invoiceNumber,
          purpose: payment.purpose,
          method: payment.method,
          provider: payment.provider,
          externalId: payment.externalId,
          amount: toDollars(payment.amountCents),
          status: payment.status,
          createdAt: iso(payment.createdAt),
          settledAt: payment.settledAt ? iso(payment.settledAt) : null,
        })),
      );
    },

    async sessions(userId: string) {
      await findAccountOr404(db, userId);
      const rows = await sessionStore.listActive(db, userId);
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          ip: s.ip,
          userAgent: s.userAgent,
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          expiresAt: iso(s.expiresAt),
        })),
      };
    },

    async signIns(userId: string, page: Page) {
      await findAccountOr404(db, userId);
      const { rows, total } = await repo.signIns(db, userId, page);
      return listOf(
        page,
        total,
        rows.map((e): SignInEvent => ({
          id: e.id,
          method: e.method,
          outcome: e.outcome,
          ip: e.ip,
          userAgent: e.userAgent,
          createdAt: iso(e.createdAt),
        })),
      );
    },

    async audit(userId: string, page: Page) {
      await findAccountOr404(db, userId);
      const { rows, total } = await repo.audit(db, userId, page);
      return listOf(
        page,
        total,
        rows.map(({ entry, actor }): AuditItem => ({
          id: entry.id,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          actor: actor?.id ? { id: actor.id, username: actor.username } : null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason,
          createdAt: iso(entry.createdAt),
        })),
      );
    },
  };
}
export type AccountPageService = ReturnType<typeof createAccountPageService>;
