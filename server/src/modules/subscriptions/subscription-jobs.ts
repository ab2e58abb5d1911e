import { AUTO_RENEW_WINDOW_MS } from '@tollgate/contract/subscriptions/plan-details';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTemplates } from '#platform/mail/templates.ts';
import { plans } from '../plans/plans.schema';
import { subscriptions } from './subscriptions.schema';
import { BYTES_PER_GB } from './subscription-view';

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

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

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
  const owner = db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, subscriptions.accountId))
    .limit(1);

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

    /** One reminder per period, claimed by a conditional update before the mail goes out. */
    async remindExpiring(now: Date): Promise<number> {
      const claimed = await db
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
        .returning({
          title: subscriptions.planTitle,
          expiresAt: subscriptions.expiresAt,
          autoRenew: subscriptions.autoRenew,
          email: sql<string>`(${owner})`,
        });
      for (const row of claimed) {
        await mailer.send(
          mail.expiryReminder(row.email, {
            title: row.title,
            endsOn: day(row.expiresAt!),
            autoRenew: row.autoRenew,
            url: `${deps.appUrl}${row.autoRenew ? '/topup' : '/dashboard'}`,
          }),
        );
      }
      return claimed.length;
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
        if (outcome.renewed) {
          renewed++;
          const [after] = await db
            .select({ expiresAt: subscriptions.expiresAt })
            .from(subscriptions)
            .where(eq(subscriptions.id, sub.id));
          await mailer.send(
            mail.renewalSucceeded(sub.email, {
              title: sub.title,
              endsOn: day(after!.expiresAt!),
              amount: `$${outcome.amount.toFixed(2)}`,
              url: `${deps.appUrl}/bill/${sub.id}`,
            }),
          );
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
                endsOn: day(sub.expiresAt!),
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
