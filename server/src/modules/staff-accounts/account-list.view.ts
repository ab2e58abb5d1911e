import type { AccountListItem } from '@tollgate/contract/admin/accounts';
import type { AccountListRow } from './account-list.repository';

/** `spent` is a sum the database hands back: rounded to whole cents before it is shown. */
const centsToDollars = (cents: number) => Math.round(cents) / 100;

export function toListItem(row: AccountListRow): AccountListItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    reseller: row.reseller ? 1 : 0,
    balance: centsToDollars(row.balanceCents),
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
    disabled: row.disabledAt !== null,
    spent: centsToDollars(row.spentCents),
    activePlans: row.activePlans,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
  };
}
