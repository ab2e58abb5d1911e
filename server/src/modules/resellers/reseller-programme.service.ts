import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import { toDollars } from '@tollgate/contract/http/money';
import {
  ALREADY_A_RESELLER,
  APPLICATION_PENDING,
  NOT_A_PROGRAMME_MEMBER,
  type ResellerApplication,
  type ResellerDashboard,
  type ResellerRequestForm,
  type StaffResellerApplication,
} from '@tollgate/contract/reseller/reseller-programme';
import type { Role } from '@tollgate/contract/access/roles';
import type { FastifyBaseLogger } from 'fastify';
import { apiKeyStore, type IsProgrammeMember } from '#platform/auth/api-keys.ts';
import type { AccountRow } from '#platform/auth/session-store.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { MailMessage } from '#platform/mail/mail-message.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { mailTemplates } from '#platform/mail/templates.ts';
import { storedTerms, termsOf } from './reseller-view';
import {
  resellerProgrammeRepository as repo,
  type ApplicationRow,
  type StaffApplicationRow,
} from './reseller-programme.repository';
import { RESELLER_KEY_NAME, resellersRepository } from './resellers.repository';

export const NO_APPLICATION = 'No such application';
export const ALREADY_DECIDED = 'This application was already decided';
export const APPLICANT_GONE = 'The applicant’s account was deleted';
const DASHBOARD_DAYS = 30;
const DASHBOARD_PATH = '/dashboard/reseller-dashboard';

export interface ResellerProgrammeDeps {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}
type Actor = { accountId: string; role: Role };
type Customer = { accountId: string; account: AccountRow };

/**
 * ADR 042: the one place that decides "is a programme member": an account that is not a reseller=1
 * API account and has a `reseller_terms` row (one read by primary key). The key guard, the session
 * acting of `registerRoutes` and this module all ask it.
 */
export const programmeMembership =
  (db: DbOrTx): IsProgrammeMember =>
  async (account) =>
    !account.reseller && account.deletedAt === null && (await repo.hasTerms(db, account.id));

const toApplication = (row: ApplicationRow): ResellerApplication => ({
  id: row.id,
  status: row.status,
  answers: row.answers,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  reason: row.reason,
});

const toStaffApplication = (row: StaffApplicationRow): StaffResellerApplication => ({
  ...toApplication(row.application),
  accountId: row.application.accountId,
  username: row.username,
  email: row.email,
  spent: toDollars(row.spentCents),
  decidedBy: row.decidedByName,
});

/**
 * A reseller's figures (the programme member's dashboard, the reseller panel's overview): balance,
 * prices, pool, spend of its reseller orders, sub-users, their running plans and GB per day, and the
 * key's status. Null for an account that is no reseller.
 */
export async function resellerFigures(db: DbOrTx, accountId: string) {
  const row = await resellersRepository.find(db, accountId);
  if (!row) return null;
  const terms = termsOf(row.terms);
  const { gbvalue, ipv6white, datawhite, ...prices } = terms;
  const spend = await repo.spend(db, accountId);
  const counts = await repo.subUserCounts(db, accountId);
  const dashboard: ResellerDashboard = {
    balance: toDollars(row.account.balanceCents),
    prices,
    gbvalue,
    spend30d: toDollars(spend.last30Cents),
    spendTotal: toDollars(spend.totalCents),
    subUsers: counts.subUsers,
    activePlans: counts.activePlans,
    gbPerDay: await repo.gbPerDay(db, accountId, DASHBOARD_DAYS),
    apiKey: row.key ? { prefix: row.key.prefix, createdAt: row.key.createdAt, lastUsedAt: row.key.lastUsedAt } : null,
  };
  return { dashboard, username: row.account.username, ipv6white, datawhite };
}

/**
 * Makes or replaces the reseller's own `Reseller API` key (the programme member's dashboard, the
 * reseller panel), inside the caller's transaction that holds the account row lock, as ADR 041
 * rotates: parallel calls take turns and the last key is the only live one; the old stops at once.
 */
export async function replaceOwnKey(tx: DbOrTx, accountId: string, previousPrefix: string | null) {
  const made = await apiKeyStore.replaceNamed(tx, { accountId, name: RESELLER_KEY_NAME, scope: 'read-write' });
  await audit(tx, {
    actorId: accountId,
    action: 'reseller.apikey.create',
    targetType: 'account',
    targetId: accountId,
    before: { apiKeyPrefix: previousPrefix },
    after: { apiKeyPrefix: made.apiKey.prefix },
  });
  const { prefix, createdAt, lastUsedAt } = made.apiKey;
  return { apiKey: made.key, status: { prefix, createdAt, lastUsedAt } };
}

/**
 * The reseller programme for web customers (issue 17, ADR 042): applying, the member's dashboard and
 * key, and staff's review. Approval writes the applicant's terms in the transaction that decides the
 * application; mail follows the commit and never undoes it.
 */
export function createResellerProgrammeService(deps: ResellerProgrammeDeps) {
  const { db } = deps;
  const isMember = programmeMembership(db);
  const mail = mailTemplates(deps.siteName);
  const dashboardUrl = `${deps.publicUrl.replace(/\/$/, '')}${DASHBOARD_PATH}`;

  async function sendAfterCommit(message: MailMessage, what: string) {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      // The decision stands; the applicant also sees it on the reseller dashboard.
      deps.log.warn({ err }, `${what} mail failed`);
    }
  }

  async function mustFindApplication(dbx: DbOrTx, id: string) {
    const row = await repo.find(dbx, id);
    if (!row) throw notFound(NO_APPLICATION);
    return row;
  }

  /** The conditional update decides; a miss says whether the application is unknown or already decided. */
  async function decide(
    tx: DbOrTx,
    id: string,
    decision: { status: 'approved' | 'rejected'; by: string; reason: string | null },
  ) {
    const decided = await repo.decide(tx, id, decision);
    if (decided) return decided;
    await mustFindApplication(tx, id);
    throw badRequest(ALREADY_DECIDED);
  }

  async function memberDashboard(accountId: string): Promise<ResellerDashboard> {
    const figures = await resellerFigures(db, accountId);
    if (!figures) throw badRequest(NOT_A_PROGRAMME_MEMBER);
    return figures.dashboard;
  }

  return {
    /** One open application per account: the partial unique index decides, so parallel applies store one. */
    async apply(caller: Customer, answers: ResellerRequestForm) {
      if (caller.account.reseller || (await isMember(caller.account))) throw badRequest(ALREADY_A_RESELLER);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insert(tx, caller.accountId, answers);
        if (!inserted) return null;
        await audit(tx, {
          actorId: caller.accountId,
          action: 'reseller.application.create',
          targetType: 'reseller_application',
          targetId: inserted.id,
          targetAccountId: caller.accountId,
          before: null,
          after: { company: answers.company, products: answers.products, monthlyVolume: answers.monthlyVolume },
        });
        return inserted;
      });
      if (!row) throw badRequest(APPLICATION_PENDING);
      return toApplication(row);
    },

    /** Where the customer stands; members also get their figures. A membership staff ended reads as none. */
    async dashboard(caller: Customer) {
      const member = await isMember(caller.account);
      const newest = await repo.newest(db, caller.accountId);
      const status = member ? 'approved' : newest && newest.status !== 'approved' ? newest.status : 'none';
      return {
        status,
        application: newest ? toApplication(newest) : null,
        dashboard: member ? await memberDashboard(caller.accountId) : null,
      } as const;
    },

    /**
     * The member's `Reseller API` key, made or replaced under the account row lock (as staff rotate it,
     * ADR 041): parallel calls take turns and the last key is the only live one; the old stops at once.
     */
    async createKey(caller: Customer) {
      return db.transaction(async (tx) => {
        const row = await resellersRepository.find(tx, caller.accountId, { lock: true });
        if (!row || row.account.reseller) throw badRequest(NOT_A_PROGRAMME_MEMBER);
        return replaceOwnKey(tx, caller.accountId, row.key?.prefix ?? null);
      });
    },

    async list(query: {
      page: number;
      size: number;
      status?: ApplicationRow['status'] | undefined;
      search?: string | undefined;
    }) {
      const { rows, total } = await repo.page(db, query);
      return { items: rows.map(toStaffApplication), total, page: query.page, size: query.size };
    },

    /** Only an open application, once (parallel approvals: one wins); the terms land in the same transaction. */
    async approve(actor: Actor, id: string, terms: ResellerTerms) {
      const approved = await db.transaction(async (tx) => {
        const decided = await decide(tx, id, { status: 'approved', by: actor.accountId, reason: null });
        const applicant = await repo.lockAccount(tx, decided.accountId);
        if (!applicant || applicant.deleted) throw badRequest(APPLICANT_GONE);
        if (applicant.reseller) throw badRequest(ALREADY_A_RESELLER);
        await resellersRepository.saveTerms(tx, decided.accountId, storedTerms(terms));
        await audit(tx, {
          actorId: actor.accountId,
          action: 'reseller.application.approve',
          targetType: 'reseller_application',
          targetId: id,
          targetAccountId: decided.accountId,
          before: { status: 'pending' },
          after: { status: 'approved', ...terms },
        });
        return mustFindApplication(tx, id);
      });
      await sendAfterCommit(
        mail.resellerApproved(approved.email, { username: approved.username, url: dashboardUrl }),
        'reseller approval',
      );
      return toStaffApplication(approved);
    },

    async reject(actor: Actor, id: string, reason: string) {
      const rejected = await db.transaction(async (tx) => {
        const decided = await decide(tx, id, { status: 'rejected', by: actor.accountId, reason });
        await audit(tx, {
          actorId: actor.accountId,
          action: 'reseller.application.reject',
          targetType: 'reseller_application',
          targetId: id,
          targetAccountId: decided.accountId,
          before: { status: 'pending' },
          after: { status: 'rejected' },
          reason,
        });
        return mustFindApplication(tx, id);
      });
      await sendAfterCommit(mail.resellerRejected(rejected.email, { reason, url: dashboardUrl }), 'reseller refusal');
      return toStaffApplication(rejected);
    },
  };
}
export type ResellerProgrammeService = ReturnType<typeof createResellerProgrammeService>;
