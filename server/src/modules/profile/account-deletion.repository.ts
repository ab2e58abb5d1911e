import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { accounts, apiKeys, backupCodes, securityEvents, signInEvents } from '#platform/db/schema.ts';
import { subscriptionWhitelist, whitelistOwners } from '#modules/proxies/proxies.schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

const mine = (accountId: string) => and(eq(subscriptions.accountId, accountId), isNull(subscriptions.deletedAt));

export const accountDeletionRepository = {
  /** The account, locked until the deletion commits, so a purchase or a renewal waits for it. */
  async lock(tx: DbOrTx, id: string): Promise<AccountRow | null> {
    const [row] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
      .for('update');
    return row ?? null;
  },

  /**
   * Administrators other than `exceptId`, their rows locked: two administrators deleting each
   * other at once take turns, so the second sees it would remove the last one.
   */
  async otherAdministrators(tx: DbOrTx, exceptId: string): Promise<number> {
    const rows = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.role, 'Administrator'), isNull(accounts.deletedAt)))
      .orderBy(accounts.id)
      .for('update');
    return rows.filter((r) => r.id !== exceptId).length;
  },

  /** Plans still in service, with what is left on them. */
  async plansInService(db: DbOrTx, accountId: string) {
    return db
      .select({
        id: subscriptions.id,
        title: subscriptions.planTitle,
        planType: subscriptions.planType,
        bandwidthGb: subscriptions.bandwidthGb,
        bandwidthUsedBytes: subscriptions.bandwidthUsedBytes,
        threads: subscriptions.threads,
        autoRenew: subscriptions.autoRenew,
        expiresAt: subscriptions.expiresAt,
        bytesLeft:
          sql<number>`greatest(${subscriptions.bandwidthGb}::bigint * ${BYTES_PER_GB} - ${subscriptions.bandwidthUsedBytes}, 0)`.mapWith(
            Number,
          ),
      })
      .from(subscriptions)
      .where(and(mine(accountId), eq(subscriptions.status, 'active'), sql`${subscriptions.expiresAt} > now()`))
      .orderBy(subscriptions.expiresAt, subscriptions.id);
  },

  /**
   * Ends the account's service: no renewal is charged again, plans in service are cancelled, and
   * its whitelisted addresses are let go (the gateway then finds nothing for them, and another
   * account may whitelist them).
   */
  async endService(tx: DbOrTx, accountId: string): Promise<{ cancelled: string[] }> {
    const ids = tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.accountId, accountId));
    await tx.delete(subscriptionWhitelist).where(inArray(subscriptionWhitelist.subscriptionId, ids));
    await tx.delete(whitelistOwners).where(eq(whitelistOwners.accountId, accountId));
    await tx
      .update(subscriptions)
      .set({ autoRenew: false, whitelistCount: 0, updatedAt: sql`now()` })
      .where(eq(subscriptions.accountId, accountId));
    const cancelled = await tx
      .update(subscriptions)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(mine(accountId), eq(subscriptions.status, 'active')))
      .returning({ id: subscriptions.id });
    return { cancelled: cancelled.map((r) => r.id) };
  },

  /**
   * Soft delete: the row stays for invoices and the ledger; the person's identifiers and ways to
   * sign in (password, social ids, two-factor, API key) go, and the email and username are free for
   * a new sign-up.
   */
  async scrub(tx: DbOrTx, account: AccountRow): Promise<void> {
    await tx
      .update(accounts)
      .set({
        deletedAt: sql`now()`,
        email: `deleted-${account.id}@deleted.invalid`,
        username: `deleted-${account.id}`,
        passwordHash: null,
        googleSubject: null,
        discordId: null,
        discordUsername: null,
        twoFactorEnabled: false,
        totpSecret: null,
        totpPendingSecret: null,
        avatarUrl: null,
        emailSubscribed: false,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, account.id));
    await tx.delete(backupCodes).where(eq(backupCodes.accountId, account.id));
    // Every API key (a reseller's included, ADR 038) stops with the account, in this same transaction.
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt)));
    // Where and with what a person signed in is personal data; nothing needs it after the account.
    await tx.delete(signInEvents).where(eq(signInEvents.accountId, account.id));
    await tx.delete(securityEvents).where(eq(securityEvents.accountId, account.id));
  },
};
