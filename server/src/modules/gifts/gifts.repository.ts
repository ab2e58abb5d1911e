import { sql } from 'drizzle-orm';
import type { GiftStatus } from '@tollgate/contract/growth/gifts';
import type { DbOrTx } from '#platform/db/client.ts';
import { readPage } from '#platform/db/page.ts';
import { queryRows } from '#platform/db/rows.ts';

export interface GiftRow {
  id: string;
  code: string;
  kind: 'balance' | 'plan';
  amount_cents: string | number | null;
  plan_id: string | null;
  plan_title: string | null;
  plan_type: string | null;
  units: number | null;
  region: string | null;
  quantity: number;
  redeemed: number;
  per_account_limit: number;
  expires_at: Date | string | null;
  disabled_at: Date | string | null;
  note: string;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  status: GiftStatus;
}

/** Where a code stands now; the order matters: a disabled code says so before anything else. */
const STATUS = sql`case when g.disabled_at is not null then 'disabled'
  when g.redeemed >= g.quantity then 'used_up'
  when g.expires_at is not null and g.expires_at <= now() then 'expired'
  else 'active' end`;

const COLUMNS = sql`g.id, g.code, g.kind, g.amount_cents, g.plan_id, p.title as plan_title, p.type as plan_type,
    g.units, g.region, g.quantity, g.redeemed, g.per_account_limit, g.expires_at, g.disabled_at, g.note,
    g.created_by as created_by_id, c.username as created_by_name, g.created_at, ${STATUS} as status`;
/** The plan and the author are left joins on a key: they neither drop nor repeat a code. */
const FROM = sql`from gift_codes g left join plans p on p.id = g.plan_id left join accounts c on c.id = g.created_by`;
const SELECT = sql`select ${COLUMNS} ${FROM}`;

/** Gift SQL (ADR 037). */
export const giftsRepository = {
  async insert(
    tx: DbOrTx,
    gift: {
      code: string;
      kind: 'balance' | 'plan';
      amountCents: number | null;
      planId: string | null;
      units: number | null;
      region: string | null;
      quantity: number;
      perAccountLimit: number;
      expiresAt: string | null;
      note: string;
      createdBy: string;
    },
  ) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into gift_codes (code, kind, amount_cents, plan_id, units, region, quantity, per_account_limit,
            expires_at, note, created_by)
          values (${gift.code}, ${gift.kind}, ${gift.amountCents}, ${gift.planId}, ${gift.units}, ${gift.region},
            ${gift.quantity}, ${gift.perAccountLimit}, ${gift.expiresAt}, ${gift.note}, ${gift.createdBy})
          returning id`,
    );
    return row!.id;
  },

  async find(db: DbOrTx, id: string) {
    const [row] = await queryRows<GiftRow>(db, sql`${SELECT} where g.id = ${id}`);
    return row ?? null;
  },

  async findByCode(db: DbOrTx, code: string) {
    const [row] = await queryRows<GiftRow>(db, sql`${SELECT} where g.code = ${code}`);
    return row ?? null;
  },

  async page(
    db: DbOrTx,
    filter: { search?: string | undefined; status?: GiftStatus | undefined },
    limit: number,
    offset: number,
  ) {
    const term = filter.search ? `%${filter.search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = sql`where (${term}::text is null or g.code like ${term} or upper(g.note) like ${term})
      and (${filter.status ?? null}::text is null or ${STATUS} = ${filter.status ?? null})`;
    const { rows: items, total } = await readPage(
      { limit, offset },
      {
        rows: ({ pageTotal, slice }) =>
          queryRows<GiftRow & { pageTotal: number }>(
            db,
            slice(
              sql`select ${COLUMNS}, ${pageTotal} as "pageTotal" ${FROM} ${where} order by g.created_at desc, g.id`,
            ),
          ),
        count: () => queryRows<{ n: number }>(db, sql`select count(*)::int as n from gift_codes g ${where}`),
      },
    );
    return { items, total };
  },

  async disable(tx: DbOrTx, id: string) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update gift_codes set disabled_at = now() where id = ${id} and disabled_at is null returning id`,
    );
    return Boolean(row);
  },

  /** One more use by this account; the CHECK (uses <= use_limit) refuses it past the code's limit. */
  async useByAccount(tx: DbOrTx, giftId: string, accountId: string, limit: number): Promise<void> {
    await tx.execute(sql`insert into gift_account_uses (gift_id, account_id, uses, use_limit)
      values (${giftId}, ${accountId}, 1, ${limit})
      on conflict (gift_id, account_id) do update set uses = gift_account_uses.uses + 1, use_limit = excluded.use_limit`);
  },

  /** One use of the code, only while it has uses left, is not disabled and has not expired. */
  async take(tx: DbOrTx, giftId: string) {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`update gift_codes set redeemed = redeemed + 1
          where id = ${giftId} and redeemed < quantity and disabled_at is null
            and (expires_at is null or expires_at > now())
          returning id`,
    );
    return Boolean(row);
  },

  async insertRedemption(
    tx: DbOrTx,
    row: {
      id: string;
      giftId: string;
      accountId: string;
      kind: 'balance' | 'plan';
      amountCents: number | null;
      subscriptionId: string | null;
    },
  ): Promise<void> {
    await tx.execute(sql`insert into gift_redemptions (id, gift_id, account_id, kind, amount_cents, subscription_id)
      values (${row.id}, ${row.giftId}, ${row.accountId}, ${row.kind}, ${row.amountCents}, ${row.subscriptionId})`);
  },

  async balanceOf(db: DbOrTx, accountId: string) {
    const [row] = await queryRows<{ balance_cents: string | number }>(
      db,
      sql`select balance_cents from accounts where id = ${accountId}`,
    );
    return Number(row?.balance_cents ?? 0);
  },

  async redemptions(db: DbOrTx, giftId: string, limit: number, offset: number) {
    // Every redemption's account exists (a required key): the join neither drops nor repeats one.
    const { rows: items, total } = await readPage(
      { limit, offset },
      {
        rows: ({ pageTotal, slice }) =>
          queryRows<{
            id: string;
            account_id: string;
            username: string;
            email: string;
            kind: 'balance' | 'plan';
            amount_cents: string | number | null;
            subscription_id: string | null;
            created_at: Date | string;
            pageTotal: number;
          }>(
            db,
            slice(sql`select r.id, r.account_id, a.username, a.email, r.kind, r.amount_cents, r.subscription_id,
                r.created_at, ${pageTotal} as "pageTotal"
              from gift_redemptions r join accounts a on a.id = r.account_id
              where r.gift_id = ${giftId} order by r.created_at desc, r.id`),
          ),
        count: () =>
          queryRows<{ n: number }>(db, sql`select count(*)::int as n from gift_redemptions where gift_id = ${giftId}`),
      },
    );
    return { items, total };
  },
};

export async function planOnFile(db: DbOrTx, planId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from plans where id = ${planId} and deleted_at is null`,
  );
  return Boolean(row);
}
