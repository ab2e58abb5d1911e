import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, backupCodes } from '#platform/db/schema.ts';

export const twoFactorRepository = {
  /** Accepts a TOTP time step only if it is newer than the last accepted one: no code works twice. */
  async claimStep(db: DbOrTx, accountId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(accounts)
      .set({ totpLastStep: step })
      .where(and(eq(accounts.id, accountId), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))))
      .returning({ id: accounts.id });
    return rows.length > 0;
  },

  async useBackupCode(db: DbOrTx, accountId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(backupCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(backupCodes.accountId, accountId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)))
      .returning({ id: backupCodes.id });
    return rows.length > 0;
  },

  async replaceBackupCodes(db: DbOrTx, accountId: string, hashes: string[]): Promise<void> {
    await db.delete(backupCodes).where(eq(backupCodes.accountId, accountId));
    if (hashes.length) await db.insert(backupCodes).values(hashes.map((codeHash) => ({ accountId, codeHash })));
  },

  async remainingBackupCodes(db: DbOrTx, accountId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(backupCodes)
      .where(and(eq(backupCodes.accountId, accountId), isNull(backupCodes.usedAt)));
    return row?.n ?? 0;
  },

  /** Turns two-factor on only if it is still off, from the pending secret just confirmed. */
  async enable(db: DbOrTx, accountId: string, sealedSecret: string, step: number): Promise<boolean> {
    const rows = await db
      .update(accounts)
      .set({
        twoFactorEnabled: true,
        totpSecret: sealedSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      .where(and(eq(accounts.id, accountId), eq(accounts.twoFactorEnabled, false)))
      .returning({ id: accounts.id });
    return rows.length > 0;
  },

  async disable(db: DbOrTx, accountId: string): Promise<void> {
    await db
      .update(accounts)
      .set({
        twoFactorEnabled: false,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, accountId));
    await db.delete(backupCodes).where(eq(backupCodes.accountId, accountId));
  },
};
