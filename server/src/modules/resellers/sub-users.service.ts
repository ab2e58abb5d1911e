import { toDollars } from '@tollgate/contract/http/money';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { NO_SUB_USER } from '@tollgate/contract/reseller/sub-users';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import { issueWelcomeToken, WELCOME_LINK_HOURS, welcomeUrl } from '#platform/auth/welcome-link.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, pgErrorField } from '#platform/db/errors.ts';
import { badRequest, notFound, validationError } from '#platform/http/errors.ts';
import { ledger } from '#platform/billing/ledger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { mailTemplates } from '#platform/mail/templates.ts';
import { resellerApiRepository as apiRepo } from './reseller-api.repository';
import { gbOfBytes, toResellerPlan } from './reseller-view';
import { resellersRepository } from './resellers.repository';
import { subUserPlansRepository as plansRepo } from './sub-user-plans.repository';
import { subUsersRepository as repo } from './sub-users.repository';

export interface SubUsersDeps {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const NO_SUB_USER_PLAN = 'No such plan of this sub-user';
const PLAN_ALREADY_ENDED = 'This plan has already ended';

/** The sub-user page's usage chart: the last 30 UTC days, today included. */
const USAGE_DAYS = 30;
const DAY_MS = 86_400_000;

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
/** The reseller API shows what `subUserSchema` declares; the reseller panel also the traffic (ADR 044). */
const toSubUser = (row: Row) => ({ ...row, usedGb: gbOfBytes(row.usedBytes), createdAt: row.createdAt.toISOString() });

function takenError(taken: { email: boolean; username: boolean }) {
  return validationError([
    ...(taken.email ? [{ path: 'body.email', message: 'Email is already registered' }] : []),
    ...(taken.username ? [{ path: 'body.username', message: 'Username is already taken' }] : []),
  ]);
}

/**
 * A reseller's sub-users (spec §7): ordinary customer accounts linked to the reseller. Another
 * reseller's sub-user is not found, never forbidden, so ids cannot be probed.
 */
export function createSubUsersService(deps: SubUsersDeps) {
  const { db } = deps;

  async function mustFind(dbx: DbOrTx, resellerId: string, id: string) {
    const row = await repo.find(dbx, resellerId, id);
    if (!row) throw notFound(NO_SUB_USER);
    return row;
  }

  return {
    /** Inside an order's transaction: the plan's owner must be this reseller's sub-user. */
    ownerCheck: (resellerId: string, id: string) => async (tx: DbOrTx) => (await mustFind(tx, resellerId, id)).id,

    /**
     * The plan a spec client's order means (issue 33): the spec's call gives region, bandwidth or
     * threads and days, no plan. The catalogue's first plan on sale of `type` (residential for
     * bandwidth, datacenter for threads without one) is sold.
     */
    async planFor(body: { planId?: string | undefined; type?: PlanType | undefined; bandwidth?: number | undefined }) {
      if (body.planId) return body.planId;
      const type = body.type ?? (body.bandwidth !== undefined ? 'residential' : 'datacenter');
      const planId = await plansRepo.firstOnSale(db, type);
      if (!planId) throw notFound(`No ${type} plan is on sale`);
      return planId;
    },

    async list(resellerId: string, query: { page: number; size: number; search?: string | undefined }) {
      const { rows, total } = await repo.page(db, resellerId, query);
      return { items: rows.map(toSubUser), total, page: query.page, size: query.size };
    },

    async get(resellerId: string, id: string) {
      const row = await mustFind(db, resellerId, id);
      const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const from = new Date(today - (USAGE_DAYS - 1) * DAY_MS);
      const plans = await apiRepo.plans(db, id);
      const perDay = await repo.bytesPerDay(db, id, from);
      const bytes = new Map(perDay.map((d) => [d.day, d.bytes]));
      const gbPerDay = Array.from({ length: USAGE_DAYS }, (_, i) => {
        const day = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { day, gb: gbOfBytes(bytes.get(day) ?? 0), bytes: bytes.get(day) ?? 0 };
      });
      return {
        ...toSubUser(row),
        plans: plans.map(toResellerPlan),
        gbPerDay,
      };
    },

    /**
     * Ends one of a sub-user's plans at once and gives back what it did not use (ADR 041): unused
     * whole residential GB to the prepaid pool, unused whole mobile GB to the balance at what the
     * reseller paid per GB for the plan, nothing for IP products. No Idempotency-Key: it charges
     * nothing, and a second call finds the plan ended (400), so nothing is returned twice.
     */
    async deletePlan(resellerId: string, id: string, subscriptionId: string) {
      return db.transaction(async (tx) => {
        await mustFind(tx, resellerId, id);
        const ended = await plansRepo.end(tx, id, subscriptionId);
        if (!ended) {
          if (!(await plansRepo.exists(tx, id, subscriptionId))) throw notFound(NO_SUB_USER_PLAN);
          throw badRequest(PLAN_ALREADY_ENDED);
        }
        const unusedGb = Math.max(0, Math.floor((ended.bandwidthGb * BYTES_PER_GB - ended.usedBytes) / BYTES_PER_GB));
        let returnedGb = 0;
        let returnedCents = 0;
        if (ended.type === 'residential' && unusedGb > 0) {
          returnedGb = unusedGb;
          await plansRepo.returnPool(tx, resellerId, unusedGb);
        } else if (ended.type === 'mobile' && unusedGb > 0) {
          const paid = await plansRepo.paidForGb(tx, resellerId, subscriptionId);
          // GB staff granted for free are returned at no price: at most the GB paid for count.
          const gb = Math.min(unusedGb, paid.gb);
          returnedCents = paid.gb > 0 ? Math.floor((paid.cents * gb) / paid.gb) : 0;
          if (returnedCents > 0)
            await ledger.credit(tx, {
              accountId: resellerId,
              amountCents: returnedCents,
              kind: 'refund',
              reference: subscriptionId,
              reason: `Unused mobile GB of a deleted sub-user plan: ${gb} GB at the price paid`,
              actorId: resellerId,
            });
        }
        await audit(tx, {
          actorId: resellerId,
          action: 'reseller.subuser.plan.delete',
          targetType: 'subscription',
          targetId: subscriptionId,
          targetAccountId: id,
          before: { status: 'active', bandwidthGb: ended.bandwidthGb, usedBytes: ended.usedBytes },
          after: { status: 'cancelled', returnedGb, returnedCents },
        });
        return {
          plan: subscriptionId,
          returnedGb,
          returnedBalance: toDollars(returnedCents),
          balance: toDollars(await plansRepo.balanceCents(tx, resellerId)),
          poolGbLeft: await apiRepo.poolLeft(tx, resellerId),
        };
      });
    },

    /** Account, link and password link in one transaction; the mail follows the commit. */
    async create(resellerId: string, body: { username: string; email: string }) {
      const taken = await resellersRepository.taken(db, body.email, body.username);
      if (taken.email || taken.username) throw takenError(taken);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          const id = await repo.insert(tx, resellerId, body);
          const token = await issueWelcomeToken(tx, id);
          await audit(tx, {
            actorId: resellerId,
            action: 'reseller.subuser.create',
            targetType: 'account',
            targetId: id,
            before: null,
            after: { username: body.username, email: body.email, resellerId },
          });
          return { row: await mustFind(tx, resellerId, id), token };
        });
      } catch (error) {
        // Two creations racing for one name: the unique index decides, and names the field.
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        const constraint = pgErrorField(error, 'constraint') ?? '';
        throw takenError({ email: constraint.includes('email'), username: !constraint.includes('email') });
      }
      try {
        await deps.mailer.send(
          mailTemplates(deps.siteName).welcomeChoosePassword(body.email, {
            username: body.username,
            url: welcomeUrl(deps.publicUrl, created.token),
            hours: WELCOME_LINK_HOURS,
            note: 'Your proxy plans are in the customer area once you have chosen a password.',
          }),
        );
      } catch (err) {
        // The account exists; a password link can be sent again through "forgot password".
        deps.log.warn({ err }, 'sub-user password mail failed');
      }
      return toSubUser(created.row);
    },
  };
}
