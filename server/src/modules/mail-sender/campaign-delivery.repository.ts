import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { ELIGIBLE } from './mail-sender.repository';
import { rowsOf } from '#platform/db/rows.ts';

/** Any fixed number other than the migrations' and the job queue's locks. */
const RATE_LOCK = 727_003;
/** How long a worker holds the rows it took; a crashed worker's rows go to another after this. */
export const LEASE_SECONDS = 20;
/** A mail the transport refused is tried this often, half a minute apart, then reported failed. */
export const MAX_ATTEMPTS = 3;
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
    return rowsOf<{ campaign_id: string; account_id: string }>(
      await tx.execute(sql`update mail_campaign_recipients r
        set claimed_by = ${worker}::uuid, claimed_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where (r.campaign_id, r.account_id) in (
          select q.campaign_id, q.account_id from mail_campaign_recipients q
          join mail_campaigns c on c.id = q.campaign_id and c.status = 'sending'
          where q.status = 'queued' and (q.claimed_until is null or q.claimed_until < now())
          order by c.started_at, q.campaign_id, q.account_id
          limit ${budget}
          for update of q skip locked)
        returning r.campaign_id, r.account_id`),
    ).map((r) => ({ campaignId: r.campaign_id, accountId: r.account_id }));
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
    const [hit] = rowsOf<{ email: string; username: string }>(
      await db.execute(sql`update mail_campaign_recipients r
        set sending_since = now(), attempts = r.attempts + 1
        from accounts a
        where r.campaign_id = ${row.campaignId}::uuid and r.account_id = ${row.accountId}::uuid
          and r.status = 'queued' and r.claimed_by = ${worker}::uuid
          and a.id = r.account_id and ${ELIGIBLE} and a.email_subscribed
        returning a.email, a.username`),
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

  /** The mailer refused it: nothing went out, so it may be tried again later, up to MAX_ATTEMPTS. */
  async refused(db: DbOrTx, row: Claimed, error: string) {
    await db.execute(sql`update mail_campaign_recipients
      set status = case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'queued' end,
        error = ${error.slice(0, 500)}, claimed_by = null, sending_since = null,
        claimed_until = case when attempts >= ${MAX_ATTEMPTS} then null else now() + interval '30 seconds' end
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
