import { AUTO_RENEW_WINDOW_MS } from '@tollgate/contract/subscriptions/plan-details';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { accounts, notices } from '#platform/db/schema.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';
import { noticeOutbox } from '#platform/notices/notice-outbox.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions } from './subscriptions.schema';
import { BYTES_PER_GB } from './subscription-view';
import { dayOf } from '#platform/mail/day.ts';

const DAY_MS = 86_400_000;
/** Auto-renew charges within the last day of a period; reminders go out three days ahead. */
export const RENEW_WINDOW_MS = AUTO_RENEW_WINDOW_MS;
export const REMIND_WINDOW_MS = 3 * DAY_MS;

export type RenewOutcome =
  { renewed: true; amount: number; invoiceId: string } | { renewed: false; reason: string | null };

/** Renews one subscription from balance if it still ends at `expiresAt` (checkout, wired in app.ts). */
export type AutoRenewer = (input: {
  accountId: string;
  subscriptionId: string;
  days: number;
  expiresAt: Date;
}) => Promise<RenewOutcome>;

/**
 * The scheduled work on subscriptions. Every step is safe to run on several instances at once and
 * to repeat: state moves with conditional updates, and each mail is claimed before it is sent.
 */
export function createSubscriptionJobs(deps: {
  db: Db;
  mailer: Mailer;
  mail: MailTemplates;
  renew: AutoRenewer;
  appUrl: string;
}) {
  const { db, mailer, mail } = deps;

  return {
    /** Active plans whose end time has come become expired (end time itself included). */
    async expireDue(now: Date): Promise<number> {
      const rows = await db
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.expiresAt, now)))
        .returning({ id: subscriptions.id });
      return rows.length;
    },

    /** Bandwidth plans whose GB are used up are marked once; delivery stops for them. */
    async markDepleted(now: Date): Promise<number> {
      const rows = await db
        .update(subscriptions)
        .set({ depletedAt: now, updatedAt: now })
        .where(
          and(
            isNull(subscriptions.depletedAt),
            gt(subscriptions.bandwidthGb, 0),
            sql`${subscriptions.bandwidthUsedBytes} >= ${subscriptions.bandwidthGb}::bigint * ${BYTES_PER_GB}`,
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length;
    },

    /**
     * One reminder per period: claimed by a conditional update, and written as a notice keyed by the
     * plan and its end date, so racing runs leave one. Delivery skips accounts that opted out.
     */
    async remindExpiring(now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(subscriptions)
          .set({ remindedFor: sql`${subscriptions.expiresAt}` })
          .where(
            and(
              eq(subscriptions.status, 'active'),
              isNull(subscriptions.deletedAt),
              gt(subscriptions.expiresAt, now),
              lte(subscriptions.expiresAt, new Date(now.getTime() + REMIND_WINDOW_MS)),
              sql`${subscriptions.remindedFor} is distinct from ${subscriptions.expiresAt}`,
            ),
          )
          .returning({ id: subscriptions.id, accountId: subscriptions.accountId, expiresAt: subscriptions.expiresAt });
        for (const row of claimed) {
          await noticeOutbox.add(tx, {
            accountId: row.accountId,
            kind: 'expiry_reminder',
            eventKey: `expiry:${row.id}:${row.expiresAt!.toISOString()}`,
            subjectId: row.id,
          });
        }
        return claimed.length;
      });
    },

    /**
     * Bandwidth plans running low (at most a tenth, or at most 1 GB, left; never above half the
     * plan) get one notice per episode: the key holds the plan's GB, so adding GB starts a new one.
     */
    async remindLowBandwidth(): Promise<number> {
      const total = sql`${subscriptions.bandwidthGb}::bigint * ${BYTES_PER_GB}`;
      const left = sql`${total} - ${subscriptions.bandwidthUsedBytes}`;
      const s = subscriptions;
      const written = (await db.execute(sql`
        insert into ${notices} (account_id, kind, event_key, subject_id)
        select ${s.accountId}, 'low_bandwidth', 'low-gb:' || ${s.id} || ':' || ${s.bandwidthGb}, ${s.id}
        from ${s}
        where ${s.status} = 'active' and ${s.deletedAt} is null and ${s.depletedAt} is null
          and ${s.bandwidthGb} > 0 and ${s.bandwidthUsedBytes} > 0
          and ${left} <= least(greatest(${total} / 10, ${BYTES_PER_GB}), ${total} / 2)
        on conflict (event_key) do nothing
        returning id`)) as unknown as { rows: unknown[] };
      return written.rows.length;
    },

    /**
     * Renews due auto-renew plans from balance, each exactly once per period: the renewal only goes
     * through while the plan still ends when it did, and a failure is recorded for that end date.
     */
    async autoRenewDue(now: Date): Promise<{ renewed: number; failed: number }> {
      const due = await db
        .select({
          id: subscriptions.id,
          accountId: subscriptions.accountId,
          title: subscriptions.planTitle,
          expiresAt: subscriptions.expiresAt,
          renewValue: subscriptions.renewValue,
          durationDays: plans.durationDays,
          email: accounts.email,
        })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
        .where(
          and(
            eq(subscriptions.autoRenew, true),
            eq(subscriptions.status, 'active'),
            isNull(subscriptions.deletedAt),
            lte(subscriptions.expiresAt, new Date(now.getTime() + RENEW_WINDOW_MS)),
            sql`${subscriptions.renewFailedFor} is distinct from ${subscriptions.expiresAt}`,
          ),
        );
      let renewed = 0;
      let failed = 0;
      for (const sub of due) {
        const outcome = await deps.renew({
          accountId: sub.accountId,
          subscriptionId: sub.id,
          days: sub.renewValue ?? sub.durationDays,
          expiresAt: sub.expiresAt!,
        });
        // A renewal's receipt is a notice its transaction wrote (renew.service).
        if (outcome.renewed) {
          renewed++;
        } else if (outcome.reason) {
          // Recorded for this end date only: the failure mail goes out once, not on every run.
          const [marked] = await db
            .update(subscriptions)
            .set({ renewFailedFor: sub.expiresAt })
            .where(
              and(
                eq(subscriptions.id, sub.id),
                eq(subscriptions.expiresAt, sub.expiresAt!),
                sql`${subscriptions.renewFailedFor} is distinct from ${subscriptions.expiresAt}`,
              ),
            )
            .returning({ id: subscriptions.id });
          if (marked) {
            failed++;
            await mailer.send(
              mail.renewalFailed(sub.email, {
                title: sub.title,
                endsOn: dayOf(sub.expiresAt!),
                reason: outcome.reason,
                url: `${deps.appUrl}/topup`,
              }),
            );
          }
        }
      }
      return { renewed, failed };
    },
  };
}
export type SubscriptionJobs = ReturnType<typeof createSubscriptionJobs>;
