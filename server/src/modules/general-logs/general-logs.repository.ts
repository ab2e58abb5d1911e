import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { settings } from '#platform/db/schema.ts';
import { rowsOf } from '#platform/db/rows.ts';

export type LogSource = 'audit' | 'security' | 'sign_in';

/** Filters as the service resolved them: account ids, not spellings; moments, not days. */
export interface LogFilters {
  sources: readonly LogSource[];
  actorId?: string | undefined;
  targetAccountId?: string | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface LogRow {
  source: LogSource;
  seq: string;
  at_ms: number;
  actor_id: string | null;
  actor_username: string | null;
  account_id: string | null;
  account_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  detail: Record<string, unknown> | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** `account` matches `account` and every `account.*`, as a range the (action, created_at) index can read. */
const actionMatches = (column: SQL, action: string) =>
  sql`(${column} = ${action} or (${column} >= ${`${action}.`} and ${column} < ${`${action}/`}))`;

/**
 * Each source's WHERE, or null when the filters rule the whole source out. Every condition is on a
 * column that leads one of the source's indexes, each of which ends in created_at (migration 0027).
 */
function conditions(source: LogSource, f: LogFilters): SQL | null {
  if (!f.sources.includes(source)) return null;
  const parts: SQL[] = [];
  const alias = { audit: sql`a`, security: sql`s`, sign_in: sql`e` }[source];
  if (f.from) parts.push(sql`${alias}.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`${alias}.created_at <= ${f.to.toISOString()}::timestamptz`);
  if (source === 'audit') {
    if (f.actorId) parts.push(sql`a.actor_id = ${f.actorId}::uuid`);
    if (f.targetAccountId) parts.push(sql`a.target_account_id = ${f.targetAccountId}::uuid`);
    if (f.action) parts.push(actionMatches(sql`a.action`, f.action));
  } else if (source === 'security') {
    if (f.actorId) parts.push(sql`s.actor_id = ${f.actorId}::uuid`);
    if (f.targetAccountId) parts.push(sql`s.account_id = ${f.targetAccountId}::uuid`);
    if (f.action) parts.push(actionMatches(sql`s.kind`, f.action));
  } else {
    // A sign-in is its account's own doing: actor and target are the same account.
    const ids = [f.actorId, f.targetAccountId].filter((id): id is string => Boolean(id));
    if (ids.length === 2 && ids[0] !== ids[1]) return null;
    if (ids[0]) parts.push(sql`e.account_id = ${ids[0]}::uuid`);
    if (f.action) {
      if (f.action === 'sign_in') {
        // every outcome
      } else if (f.action.startsWith('sign_in.')) parts.push(sql`e.outcome = ${f.action.slice('sign_in.'.length)}`);
      else return null;
    }
  }
  return and(parts);
}

/** One source's rows in the shape the three share, newest first, at most `limit`. */
function branch(source: LogSource, where: SQL, limit: number): SQL {
  if (source === 'audit')
    return sql`(select 'audit' as source, a.id as seq, a.created_at, a.actor_id, a.target_account_id as account_id,
        a.action, a.target_type, a.target_id, a.before, a.after, null::jsonb as detail, a.reason, a.ip, a.user_agent
      from audit_log a where ${where} order by a.created_at desc, a.id desc limit ${limit})`;
  if (source === 'security')
    return sql`(select 'security' as source, s.id as seq, s.created_at, s.actor_id, s.account_id,
        s.kind as action, null::text as target_type, null::text as target_id, null::jsonb as before,
        null::jsonb as after, s.detail, null::text as reason, s.ip, s.user_agent
      from security_events s where ${where} order by s.created_at desc, s.id desc limit ${limit})`;
  return sql`(select 'sign_in' as source, e.id as seq, e.created_at, e.account_id as actor_id, e.account_id,
      'sign_in.' || e.outcome as action, null::text as target_type, null::text as target_id, null::jsonb as before,
      null::jsonb as after, jsonb_build_object('method', e.method) as detail, null::text as reason, e.ip, e.user_agent
    from sign_in_events e where ${where} order by e.created_at desc, e.id desc limit ${limit})`;
}

const TABLES: Record<LogSource, SQL> = {
  audit: sql`audit_log a`,
  security: sql`security_events s`,
  sign_in: sql`sign_in_events e`,
};
const SOURCES: readonly LogSource[] = ['audit', 'security', 'sign_in'];

export const generalLogsRepository = {
  /**
   * One page of the three sources merged newest first. Each source reads at most offset + size rows
   * from its own index, so a page never sorts more than three times that; usernames are joined on
   * the page's rows only.
   */
  async page(db: DbOrTx, filters: LogFilters, page: { offset: number; size: number }): Promise<LogRow[]> {
    const limit = page.offset + page.size;
    const branches = SOURCES.flatMap((source) => {
      const where = conditions(source, filters);
      return where ? [branch(source, where, limit)] : [];
    });
    if (branches.length === 0) return [];
    const result = await db.execute(sql`
      with merged as (${sql.join(branches, sql` union all `)}),
      paged as (select * from merged order by created_at desc, source, seq desc limit ${page.size} offset ${page.offset})
      select p.source, p.seq::text as seq, (extract(epoch from p.created_at) * 1000)::float8 as at_ms,
        p.actor_id::text as actor_id, actor.username as actor_username,
        p.account_id::text as account_id, target.username as account_username,
        p.action, p.target_type, p.target_id, p.before, p.after, p.detail, p.reason, p.ip, p.user_agent
      from paged p
      left join accounts actor on actor.id = p.actor_id
      left join accounts target on target.id = p.account_id
      order by p.created_at desc, p.source, p.seq desc`);
    return rowsOf<LogRow>(result);
  },

  /**
   * How many rows match, counting no further than `cap` in each source: past the last page anyone
   * may ask for, an exact figure over millions of sign-ins would only cost time.
   */
  async count(db: DbOrTx, filters: LogFilters, cap: number): Promise<number> {
    const counts = SOURCES.flatMap((source) => {
      const where = conditions(source, filters);
      return where ? [sql`(select count(*) from (select 1 from ${TABLES[source]} where ${where} limit ${cap}) c)`] : [];
    });
    if (counts.length === 0) return 0;
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(sql`select (${sql.join(counts, sql` + `)})::int as n`),
    );
    return Number(row?.n ?? 0);
  },

  /** An account named by id, username or email (any case); null when nobody is. */
  async findAccountId(db: DbOrTx, spelling: string): Promise<string | null> {
    const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(spelling);
    const lower = spelling.toLowerCase();
    const result = await db.execute(
      isId
        ? sql`select id::text as id from accounts where id = ${spelling}::uuid`
        : sql`select id::text as id from accounts where lower(username) = ${lower} or lower(email) = ${lower} limit 1`,
    );
    return rowsOf<{ id: string }>(result)[0]?.id ?? null;
  },

  /** Deletes up to `batch` security events and sign-ins older than `before`; says how many of each. */
  async purgeBatch(db: DbOrTx, before: Date, batch: number): Promise<{ security: number; signIns: number }> {
    const cutoff = before.toISOString();
    const security = rowsOf<{ n: number | string }>(
      await db.execute(sql`with gone as (delete from security_events where id in (
          select id from security_events where created_at < ${cutoff}::timestamptz order by created_at limit ${batch}
        ) returning 1) select count(*)::int as n from gone`),
    );
    const signIns = rowsOf<{ n: number | string }>(
      await db.execute(sql`with gone as (delete from sign_in_events where id in (
          select id from sign_in_events where created_at < ${cutoff}::timestamptz order by created_at limit ${batch}
        ) returning 1) select count(*)::int as n from gone`),
    );
    return { security: Number(security[0]?.n ?? 0), signIns: Number(signIns[0]?.n ?? 0) };
  },
};

export const retentionRepository = {
  async read(db: DbOrTx, key: string): Promise<{ value: unknown; updatedAt: Date } | null> {
    const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
    return row ? { value: row.value, updatedAt: row.updatedAt } : null;
  },

  /** Locks the key's row (creating it first) so two saves at once audit the right before-value each. */
  async lock(db: DbOrTx, key: string, initial: unknown): Promise<unknown> {
    await db.insert(settings).values({ key, value: initial }).onConflictDoNothing({ target: settings.key });
    const [row] = await db.select().from(settings).where(eq(settings.key, key)).for('update');
    return row?.value;
  },

  async write(db: DbOrTx, key: string, value: unknown): Promise<void> {
    await db
      .update(settings)
      .set({ value, updatedAt: sql`now()` })
      .where(eq(settings.key, key));
  },
};
