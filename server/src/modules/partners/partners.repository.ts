import { sql } from 'drizzle-orm';
import type { PartnerStatus } from '@tollgate/contract/growth/partners';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { queryRows } from '#platform/db/rows.ts';

export interface PartnerRow {
  id: string;
  domain: string;
  status: PartnerStatus;
  created_at: Date | string;
  removed_at: Date | string | null;
  visitors: number;
  last_visit_at: Date | string | null;
  sign_ups: number;
  buyers: number;
  revenue_cents: string | number;
}

/** Each partner's figures: visits from its own rows, sign-ups, buyers and spend from the accounts it brought. */
const FIGURES = sql`p.id, p.domain, p.status, p.created_at, p.removed_at,
  (select count(*)::int from partner_visits v where v.partner_id = p.id) as visitors,
  (select max(v.created_at) from partner_visits v where v.partner_id = p.id) as last_visit_at,
  (select count(*)::int from accounts a where a.partner_code = p.domain) as sign_ups,
  (select count(*)::int from accounts a where a.partner_code = p.domain and a.spent_cents > 0) as buyers,
  (select coalesce(sum(a.spent_cents), 0) from accounts a where a.partner_code = p.domain) as revenue_cents`;

/** Partner SQL (ADR 036). */
export const partnersRepository = {
  /** New, or a removed one made active again; null when the domain is already active. */
  async activate(tx: DbOrTx, domain: string, actorId: string) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into partners (domain, created_by) values (${domain}, ${actorId})
          on conflict (domain) do update set status = 'active', removed_at = null
            where partners.status = 'removed'
          returning id`,
    );
    return row ?? null;
  },

  async remove(tx: DbOrTx, domain: string) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update partners set status = 'removed', removed_at = now()
          where domain = ${domain} and status = 'active' returning id`,
    );
    return row ?? null;
  },

  async one(db: DbOrTx, domain: string) {
    const [row] = await queryRows<PartnerRow>(db, sql`select ${FIGURES} from partners p where p.domain = ${domain}`);
    return row ?? null;
  },

  async page(
    db: DbOrTx,
    filter: { search?: string | undefined; status?: PartnerStatus | undefined },
    limit: number,
    offset: number,
  ) {
    const term = escapeLike(filter.search);
    const where = sql`where (${term}::text is null or p.domain like '%' || ${term} || '%')
      and (${filter.status ?? null}::text is null or p.status = ${filter.status ?? null})`;
    const { rows: items, total } = await readPage(
      { limit, offset },
      {
        rows: ({ pageTotal, slice }) =>
          queryRows<PartnerRow & { pageTotal: number }>(
            db,
            slice(sql`select ${FIGURES}, ${pageTotal} as "pageTotal" from partners p ${where}
              order by p.status, p.created_at desc, p.id`),
          ),
        count: () => queryRows<{ n: number }>(db, sql`select count(*)::int as n from partners p ${where}`),
      },
    );
    return { items, total };
  },

  /** Totals over every account a partner brought and every counted visit. */
  async totals(db: DbOrTx) {
    const [row] = await queryRows<{ users: number; buyers: number; visitors: number; revenue_cents: string | number }>(
      db,
      sql`select count(*)::int as users, (count(*) filter (where spent_cents > 0))::int as buyers,
            coalesce(sum(spent_cents), 0) as revenue_cents,
            (select count(*)::int from partner_visits) as visitors
          from accounts where partner_code is not null`,
    );
    return row!;
  },

  /** The active partner a host belongs to: the domain itself or any of its subdomains, the longest match. */
  async activeForHost(db: DbOrTx, host: string) {
    const [row] = await queryRows<{ id: string; domain: string }>(
      db,
      sql`select id, domain from partners
          where status = 'active' and (domain = ${host} or right(${host}, length(domain) + 1) = '.' || domain)
          order by length(domain) desc limit 1`,
    );
    return row ?? null;
  },

  /** One visit per visitor and partner: a repeat finds the row there and counts nothing. */
  async recordVisit(db: DbOrTx, partnerId: string, visitorKey: string) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into partner_visits (partner_id, visitor_key) values (${partnerId}, ${visitorKey})
          on conflict (partner_id, visitor_key) do nothing returning id`,
    );
    return Boolean(row);
  },

  /** The partner of this visitor's latest counted visit within `days`, if it is still active. */
  async lastVisited(db: DbOrTx, visitorKey: string, days: number) {
    const [row] = await queryRows<{ domain: string }>(
      db,
      sql`select p.domain from partner_visits v join partners p on p.id = v.partner_id
          where v.visitor_key = ${visitorKey} and p.status = 'active'
            and v.created_at > now() - make_interval(days => ${days})
          order by v.created_at desc limit 1`,
    );
    return row?.domain ?? null;
  },

  async setAccountPartner(db: DbOrTx, accountId: string, domain: string): Promise<void> {
    await db.execute(sql`update accounts set partner_code = ${domain} where id = ${accountId}`);
  },
};

function escapeLike(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}
