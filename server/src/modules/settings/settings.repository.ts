import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, auditLog, settings } from '#platform/db/schema.ts';

/** The audit action of a settings change; General Site Logs filter on it. */
export const SETTINGS_AUDIT_ACTION = 'settings.update';

export const settingsRepository = {
  async read(db: DbOrTx, keys: readonly string[]): Promise<Map<string, unknown>> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [...keys]));
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  /** Values with the moment each row was last written. */
  async readRows(db: DbOrTx, keys: readonly string[]) {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [...keys]));
    return new Map(rows.map((r) => [r.key, { value: r.value as unknown, updatedAt: r.updatedAt }]));
  },

  /**
   * The latest audited change of each key: when and by whom (their username; null when the account
   * is gone). One indexed scan of the settings rows of the audit log, newest first per key.
   */
  async lastChanges(db: DbOrTx, keys: readonly string[]) {
    const rows = await db
      .selectDistinctOn([auditLog.targetId], {
        key: auditLog.targetId,
        at: auditLog.createdAt,
        by: accounts.username,
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.targetType, 'settings'),
          inArray(auditLog.targetId, [...keys]),
          eq(auditLog.action, SETTINGS_AUDIT_ACTION),
        ),
      )
      .orderBy(auditLog.targetId, desc(auditLog.createdAt), desc(auditLog.id));
    return new Map(rows.map((r) => [r.key, { at: r.at, by: r.by }]));
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

  /** Back to the default: no row at all. */
  async remove(db: DbOrTx, key: string): Promise<void> {
    await db.delete(settings).where(eq(settings.key, key));
  },

  /**
   * Settings writers take turns until commit, so each one's "before" is the previous one's "after"
   * and no save is lost between another's read and write.
   */
  async lockForWriting(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tollgate.settings'))`);
  },
};
