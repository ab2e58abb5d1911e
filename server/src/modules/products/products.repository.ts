import type { PlanType } from '@tollgate/contract/plans/plans';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { settings } from '#platform/db/schema.ts';

export interface PlanCounts {
  total: number;
  onSale: number;
  upstream: number;
  /** Live plans whose provider is not the upstream one: the built-in gateway delivers them. */
  builtin: number;
  /** Titles of a few plans of each kind, to name them in a refusal. */
  upstreamTitles: string[];
  builtinTitles: string[];
}

export const productsRepository = {
  async settingRows(db: DbOrTx, keys: string[]) {
    const rows = await db.select().from(settings).where(inArray(settings.key, keys));
    return new Map(rows.map((r) => [r.key, r]));
  },

  /** The row locked for a read-modify-write, created empty first so there is a row to lock. */
  async lockSetting(tx: DbOrTx, key: string, empty: unknown): Promise<unknown> {
    await tx.insert(settings).values({ key, value: empty }).onConflictDoNothing();
    const locked = (await tx.execute(sql`SELECT value FROM settings WHERE key = ${key} FOR UPDATE`)) as unknown as {
      rows: { value: unknown }[];
    };
    return locked.rows[0]?.value;
  },

  async writeSetting(db: DbOrTx, key: string, value: unknown) {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  },

  async deleteSetting(db: DbOrTx, key: string) {
    await db.delete(settings).where(eq(settings.key, key));
  },

  /** Live (not deleted) plans by type, with how many are on sale and who delivers them. */
  async planCounts(db: DbOrTx): Promise<Map<PlanType, PlanCounts>> {
    const result = (await db.execute(sql`
      SELECT type,
             count(*) AS total,
             count(*) FILTER (WHERE enabled) AS on_sale,
             count(*) FILTER (WHERE lower(trim(provider)) = 'upstream') AS upstream,
             (array_agg(title ORDER BY sort_order, created_at) FILTER (WHERE lower(trim(provider)) = 'upstream'))[1:3] AS upstream_titles,
             (array_agg(title ORDER BY sort_order, created_at) FILTER (WHERE lower(trim(provider)) <> 'upstream'))[1:3] AS builtin_titles
        FROM plans
       WHERE deleted_at IS NULL
       GROUP BY type`)) as unknown as {
      rows: {
        type: PlanType;
        total: string | number;
        on_sale: string | number;
        upstream: string | number;
        upstream_titles: string[] | null;
        builtin_titles: string[] | null;
      }[];
    };
    return new Map(
      result.rows.map((r) => {
        const total = Number(r.total);
        const upstream = Number(r.upstream);
        return [
          r.type,
          {
            total,
            onSale: Number(r.on_sale),
            upstream,
            builtin: total - upstream,
            upstreamTitles: r.upstream_titles ?? [],
            builtinTitles: r.builtin_titles ?? [],
          },
        ];
      }),
    );
  },
};
