import type { Audience, CampaignProgress, CampaignStatus } from '@tollgate/contract/admin/mail-sender';
import { and, count, desc, eq, getTableColumns, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { countWhere, readPage } from '#platform/db/page.ts';
import { accounts } from '#platform/db/schema.ts';
import { containsPattern } from '#platform/db/search.ts';
import { mailCampaignRecipients as recipients, mailCampaigns as campaigns } from './mail-sender.schema';
import { rowsOf } from '#platform/db/rows.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Who may receive marketing at all (ADR 027): customers only (role User, not an API reseller),
 * with a verified address, neither disabled nor deleted. `a` is the accounts alias.
 */
export const ELIGIBLE = sql`a.role = 'User' and a.reseller = false and a.email_verified_at is not null
  and a.disabled_at is null and a.deleted_at is null`;

/** The audience as a condition on `accounts a`, over indexed columns of subscriptions. */
export function audienceCondition(audience: Audience): SQL {
  switch (audience.kind) {
    case 'all':
      return sql`true`;
    case 'plan-type':
      return sql`exists (select 1 from subscriptions s where s.account_id = a.id and s.status = 'active'
        and s.plan_type = ${audience.type} and (s.expires_at is null or s.expires_at > now()))`;
    case 'expiring':
      return sql`exists (select 1 from subscriptions s where s.account_id = a.id and s.status = 'active'
        and s.expires_at > now() and s.expires_at <= now() + make_interval(days => ${audience.days}::int))`;
    case 'account':
      return sql`(lower(a.username) = lower(${audience.account}) or lower(a.email) = lower(${audience.account}))`;
  }
}

const EMPTY: CampaignProgress = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };

export const mailSenderRepository = {
  async list(db: DbOrTx, query: { page: number; size: number; search?: string | undefined; status?: CampaignStatus }) {
    const where = and(
      query.search ? ilike(campaigns.subject, containsPattern(query.search)) : undefined,
      query.status ? eq(campaigns.status, query.status) : undefined,
    );
    const { rows: items, total } = await readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({ ...getTableColumns(campaigns), pageTotal })
            .from(campaigns)
            .where(where)
            .orderBy(desc(campaigns.createdAt), desc(campaigns.id)),
        ),
      count: () => countWhere(db, campaigns, where),
    });
    return { items, total };
  },

  async find(db: DbOrTx, id: string) {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    return row ?? null;
  },

  async usernames(db: DbOrTx, ids: string[]) {
    if (!ids.length) return new Map<string, string>();
    const rows = await db
      .select({ id: accounts.id, username: accounts.username })
      .from(accounts)
      .where(inArray(accounts.id, ids));
    return new Map(rows.map((r) => [r.id, r.username]));
  },

  /** Recipients by status for each campaign; a row being handed to the mailer counts as queued. */
  async progress(db: DbOrTx, ids: string[]): Promise<Map<string, CampaignProgress>> {
    const result = new Map<string, CampaignProgress>(ids.map((id) => [id, { ...EMPTY }]));
    if (!ids.length) return result;
    const rows = await db
      .select({ id: recipients.campaignId, status: recipients.status, n: sql<number>`count(*)::int` })
      .from(recipients)
      .where(inArray(recipients.campaignId, ids))
      .groupBy(recipients.campaignId, recipients.status);
    for (const row of rows) {
      const p = result.get(row.id)!;
      p[row.status] += row.n;
      p.total += row.n;
    }
    return result;
  },

  async insert(db: DbOrTx, values: typeof campaigns.$inferInsert) {
    const [row] = await db.insert(campaigns).values(values).returning();
    return row!;
  },

  /** Changes a draft only; null when it is no longer one. */
  async updateDraft(db: DbOrTx, id: string, values: Partial<Pick<CampaignRow, 'subject' | 'body' | 'audience'>>) {
    const [row] = await db
      .update(campaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    return row ?? null;
  },

  async deleteDraft(db: DbOrTx, id: string) {
    const [row] = await db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    return row ?? null;
  },

  /** How many of an audience's customers would get it now, and how many it misses because they opted out. */
  async reach(db: DbOrTx, audience: Audience) {
    const [row] = rowsOf<{ recipients: number; opted_out: number }>(
      await db.execute(sql`select count(*) filter (where a.email_subscribed)::int as recipients,
        count(*) filter (where not a.email_subscribed)::int as opted_out
        from accounts a where ${ELIGIBLE} and ${audienceCondition(audience)}`),
    );
    return { recipients: row?.recipients ?? 0, optedOut: row?.opted_out ?? 0 };
  },

  /** One account as staff typed it (username or email), for the one-account audience. */
  async findAccount(db: DbOrTx, spelling: string) {
    const [row] = rowsOf<{ id: string; role: string; reseller: boolean; deleted_at: unknown }>(
      await db.execute(sql`select a.id, a.role, a.reseller, a.deleted_at from accounts a
        where lower(a.username) = lower(${spelling}) or lower(a.email) = lower(${spelling}) limit 1`),
    );
    return row ?? null;
  },

  /**
   * draft -> sending, and the audience's opted-in customers written as recipients in the same
   * statement's transaction. Null when the campaign was not a draft (sent already: nothing doubles).
   */
  async startSending(tx: DbOrTx, id: string, actorId: string) {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'sending', sentBy: actorId, startedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    if (!row) return null;
    const inserted = rowsOf<{ n: number }>(
      await tx.execute(sql`with added as (
        insert into mail_campaign_recipients (campaign_id, account_id)
        select ${id}::uuid, a.id from accounts a
        where ${ELIGIBLE} and a.email_subscribed and ${audienceCondition(row.audience)}
        on conflict do nothing returning 1)
        select count(*)::int as n from added`),
    );
    return { campaign: row, recipients: inserted[0]?.n ?? 0 };
  },

  /** sending -> cancelled; everyone not yet being mailed is skipped. */
  async cancel(tx: DbOrTx, id: string) {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'sending')))
      .returning();
    if (!row) return null;
    await tx
      .update(recipients)
      .set({ status: 'skipped', error: 'Campaign cancelled', claimedBy: null, claimedUntil: null })
      .where(
        and(eq(recipients.campaignId, id), eq(recipients.status, 'queued'), sql`${recipients.sendingSince} is null`),
      );
    return row;
  },

  async recipients(
    db: DbOrTx,
    id: string,
    query: { page: number; size: number; status?: string | undefined; search?: string | undefined },
  ) {
    const where = and(
      eq(recipients.campaignId, id),
      query.status ? sql`${recipients.status} = ${query.status}` : undefined,
      query.search
        ? sql`(${accounts.username} ilike ${containsPattern(query.search)} or ${accounts.email} ilike ${containsPattern(query.search)})`
        : undefined,
    );
    const { rows: items, total } = await readPage(query, {
      rows: ({ pageTotal, slice }) =>
        slice(
          db
            .select({
              accountId: recipients.accountId,
              username: accounts.username,
              email: accounts.email,
              status: recipients.status,
              attempts: recipients.attempts,
              error: recipients.error,
              sentAt: recipients.sentAt,
              pageTotal,
            })
            .from(recipients)
            .innerJoin(accounts, eq(accounts.id, recipients.accountId))
            .where(where)
            // Problems first, so a campaign's failures are what staff see on opening it.
            .orderBy(
              sql`case ${recipients.status} when 'failed' then 0 when 'queued' then 1 when 'skipped' then 2 else 3 end`,
              desc(recipients.sentAt),
              accounts.username,
            ),
        ),
      count: () =>
        db
          .select({ n: count() })
          .from(recipients)
          .innerJoin(accounts, eq(accounts.id, recipients.accountId))
          .where(where),
    });
    return { items, total };
  },
};
