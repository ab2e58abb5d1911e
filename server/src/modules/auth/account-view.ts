import type { CurrentUser } from '@tollgate/contract/auth/session';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

const centsToDollars = (cents: number) => Math.round(cents) / 100;

/** What /auth/me and the login answer show of an account: never its hash or internal columns. */
export function toCurrentUser(row: AccountRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    balance: centsToDollars(row.balanceCents),
    reseller: row.reseller ? 1 : 0,
    manager: row.role === 'Manager',
    support: row.role === 'Support',
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
    avatarUrl: row.avatarUrl,
    balancePaymentProcessorEnabled: row.balancePaymentProcessorEnabled,
    stripePaymentProcessorEnabled: row.stripePaymentProcessorEnabled,
    cryptoPaymentProcessorEnabled: row.cryptoPaymentProcessorEnabled,
    stripeLimit: centsToDollars(row.stripeLimitCents),
    hasPassword: row.passwordHash !== null,
    googleLinked: row.googleSubject !== null,
    emailSubscribed: row.emailSubscribed,
    emailReminders: row.emailReminders,
    staffMessage: row.staffMessage,
    message: row.staffMessage,
    createdAt: row.createdAt.toISOString(),
  };
}
