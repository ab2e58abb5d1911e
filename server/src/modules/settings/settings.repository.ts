import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { settings } from '#platform/db/schema.ts';

export const settingsRepository = {
  async read(db: DbOrTx, keys: readonly string[]): Promise<Map<string, unknown>> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [...keys]));
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  async isEmpty(db: DbOrTx): Promise<boolean> {
    const rows = await db.select({ key: settings.key }).from(settings).limit(1);
    return rows.length === 0;
  },

  async write(db: DbOrTx, key: string, value: unknown): Promise<void> {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  },
};
