import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { rowsOf } from '#platform/db/rows.ts';
import { claimDue } from '#platform/jobs/claim-due.ts';
import type { Backoff } from '#platform/jobs/outbox.ts';
import { ELIGIBLE } from './mail-sender.repository';
import { mailCampaignRecipients as recipients, mailCampaigns as campaigns } from './mail-sender.schema';

/** Any fixed number other than the migrations' and the job queue's locks. */
const RATE_LOCK = 727_003;
/** How long a worker holds the rows it took; a crashed worker's rows go to another after this. */
export const LEASE_SECONDS = 20;
/** A mail the transport refused is tried this often, half a minute apart, then reported failed. */
export const BACKOFF: Backoff = { delaysS: [30], maxAttempts: 3 };
export const INTERRUPTED = 'Interrupted while being handed to the mail server; not sent again so nobody gets it twice';

export interface Claimed {
  campaignId: string;
  accountId: string;
}

export const campaignDeliveryRepository = {
  /**
   * Takes up to `batch` queued recipients of campaigns being sent, within the rate limit. Claims
   * take turns on one transaction lock, so the limit holds however many instances deliver; rows
   * another worker holds are skipped, not waited for. A row a dead worker left mid-send is
   * reported, not retried: the mail server may have it already (ADR 027).
   */
  async claim(tx: DbOrTx, worker: string, batch: number, perMinute: number): Promise<Claimed[] | 'rate-limited'> {
    await tx.execute(sql`select pg_advisory_xact_lock(${RATE_LOCK})`);
    await tx.execute(sql`update mail_campaign_recipients
      set status = 'failed', error = ${INTERRUPTED}, claimed_by = null, claimed_until = null, sending_since = null
      where status = 'queued' and sending_since is not null and claimed_until < now()`);
    const [use] = rowsOf<{ minute: number; second: number; held: number }>(
      await tx.execute(sql`select
        (select count(*) from mail_campaign_recipients where sent_at > now() - interval '60 seconds')::int as minute,
        (select count(*) from mail_campaign_recipients where sent_at > now() - interval '1 second')::int as second,
        (select count(*) from mail_campaign_recipients
          where status = 'queued' and claimed_by is not null and claimed_until > now())::int as held`),
    );
    // Per minute as configured, and spread over the minute rather than all in its first second.
    const perSecond = Math.ceil(perMinute / 60);
    const budget = Math.min(batch, perMinute - use!.minute - use!.held, perSecond - use!.second - use!.held);
    if (budget <= 0) return 'rate-limited';
    return claimDue(
      tx,
      { table: recipients, key: [recipients.campaignId, recipients.accountId], claimedUntil: recipients.claimedUntil },
      {
        due: eq(recipients.status, 'queued'),
        join: { table: campaigns, on: and(eq(campaigns.id, recipients.campaignId), eq(campaigns.status, 'sending'))! },
        order: [asc(campaigns.startedAt), asc(recipients.campaignId), asc(recipients.accountId)],
        limit: budget,
        leaseSeconds: LEASE_SECONDS,
        set: { claimedBy: worker },
      },
    ).returning({ campaignId: recipients.campaignId, accountId: recipients.accountId });
  },

  /** Whether any campaign being sent still has someone to mail (now, or once a lease or a retry wait ends). */
  async anyQueued(db: DbOrTx) {
    const rows = rowsOf<{ one: number }>(
      await db.execute(sql`select 1 as one from mail_campaign_recipients r
        join mail_campaigns c on c.id = r.campaign_id and c.status = 'sending'
        where r.status = 'queued' limit 1`),
    );
    return rows.length > 0;
  },

  async contents(db: DbOrTx, ids: string[]) {
    if (!ids.length) return new Map<string, { subject: string; body: string }>();
    const rows = rowsOf<{ id: string; subject: string; body: string }>(
      await db.execute(sql`select id, subject, body from mail_campaigns
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    return new Map(rows.map((r) => [r.id, { subject: r.subject, body: r.body }]));
  },

  /**
   * The last moment before the mailer: stamps the row as being sent, only if this worker still
   * holds it, it is still queued and the person is still an opted-in customer. Returns where to
   * send it, or null (then `skipIfOptedOut` says why, or another worker took it).
   */
  async begin(db: DbOrTx, worker: string, row: Claimed) {
    const [hit] = rowsOf<{ email: string; username: string; attempts: number }>(
      await db.execute(sql`update mail_campaign_recipients r
        set sending_since = now(), attempts = r.attempts + 1
        from accounts a
        where r.campaign_id = ${row.campaignId}::uuid and r.account_id = ${row.accountId}::uuid
          and r.status = 'queued' and r.claimed_by = ${worker}::uuid
          and a.id = r.account_id and ${ELIGIBLE} and a.email_subscribed
        returning a.email, a.username, r.attempts`),
    );
    return hit ?? null;
  },

  /** Someone who opted out (or stopped being a customer) after the snapshot is skipped for the rest. */
  async skipIfGone(db: DbOrTx, worker: string, row: Claimed) {
    await db.execute(sql`update mail_campaign_recipients r
      set status = 'skipped', claimed_by = null, claimed_until = null,
        error = case when a.email_subscribed then 'No longer a customer who can receive news' else 'Opted out' end
      from accounts a
      where r.campaign_id = ${row.campaignId}::uuid and r.account_id = ${row.accountId}::uuid
        and r.status = 'queued' and r.claimed_by = ${worker}::uuid and r.sending_since is null
        and a.id = r.account_id`);
  },

  /** Right after the mailer accepted it. Unconditional: the mail did go, whatever happened meanwhile. */
  async sent(db: DbOrTx, row: Claimed) {
    await db.execute(sql`update mail_campaign_recipients
      set status = 'sent', sent_at = now(), error = null, claimed_by = null, claimed_until = null, sending_since = null
      where campaign_id = ${row.campaignId}::uuid and account_id = ${row.accountId}::uuid`);
  },

  /** The mailer refused it: nothing went out, so it is tried again after the pause, or reported failed. */
  async refused(db: DbOrTx, row: Claimed, error: string, next: { giveUp: boolean; delayS: number }) {
    await db.execute(sql`update mail_campaign_recipients
      set status = ${next.giveUp ? 'failed' : 'queued'},
        error = ${error.slice(0, 500)}, claimed_by = null, sending_since = null,
        claimed_until = ${next.giveUp ? null : sql`now() + make_interval(secs => ${next.delayS})`}
      where campaign_id = ${row.campaignId}::uuid and account_id = ${row.accountId}::uuid and status = 'queued'`);
  },

  /** Gives back what this worker took and did not start, for the next worker to take at once. */
  async release(db: DbOrTx, worker: string) {
    await db.execute(sql`update mail_campaign_recipients set claimed_by = null, claimed_until = null
      where claimed_by = ${worker}::uuid and status = 'queued' and sending_since is null`);
  },

  /** Campaigns with nobody left to mail are done. */
  async finishDone(db: DbOrTx) {
    await db.execute(sql`update mail_campaigns c set status = 'sent', finished_at = now(), updated_at = now()
      where c.status = 'sending' and not exists (
        select 1 from mail_campaign_recipients r where r.campaign_id = c.id and r.status = 'queued')`);
  },
};
