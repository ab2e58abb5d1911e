import type { AdminAccount, ReferralRates, SupportAccount } from '@tollgate/contract/admin/account-page';
import { specReferralRates } from '@tollgate/contract/admin/account-page';
import { toDollars } from '@tollgate/contract/http/money';
import type { AccountFacts } from './account-page.repository';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const textOrNull = (value: string | undefined | null) => (value ? value : null);

/** Basis points as stored <-> percent as staff type it (1% = 100 bps). */
export const bpsToPercent = (bps: number) => bps / 100;
export const percentToBps = (percent: number) => Math.round(percent * 100);

export function referralRatesOf(row: AccountRow): ReferralRates {
  return {
    residential: bpsToPercent(row.referralResidentialBps),
    datacenter: bpsToPercent(row.referralDatacenterBps),
    isp: bpsToPercent(row.referralIspBps),
    ipv6: bpsToPercent(row.referralIpv6Bps),
    mobile: bpsToPercent(row.referralMobileBps),
  };
}

/** Who the account is and how it signs in; no money (what Support may see, spec §6). */
export function toSupportAccount(
  row: AccountRow,
  facts: Pick<AccountFacts, 'lastSeenAt' | 'activePlans'>,
): SupportAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    reseller: row.reseller ? 1 : 0,
    avatarUrl: row.avatarUrl,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.twoFactorEnabled,
    googleLinked: row.googleSubject !== null,
    discordLinked: row.discordId !== null,
    hasPassword: row.passwordHash !== null,
    disabled: row.disabledAt !== null,
    disabledAt: iso(row.disabledAt),
    message: row.staffMessage,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(facts.lastSeenAt),
    activePlans: facts.activePlans,
  };
}

export function toAdminAccount(row: AccountRow, facts: AccountFacts): AdminAccount {
  const p = facts.profile;
  return {
    ...toSupportAccount(row, facts),
    balance: toDollars(row.balanceCents),
    spent: toDollars(facts.spentCents),
    balancePaymentProcessorEnabled: row.balancePaymentProcessorEnabled,
    stripePaymentProcessorEnabled: row.stripePaymentProcessorEnabled,
    cryptoPaymentProcessorEnabled: row.cryptoPaymentProcessorEnabled,
    stripeLimit: toDollars(row.stripeLimitCents),
    referralRates: referralRatesOf(row),
    ...specReferralRates(referralRatesOf(row)),
    referralCodeUsed: row.referralCodeUsed,
    billing: {
      legalName: textOrNull(p?.legalName),
      legalSurname: textOrNull(p?.legalSurname),
      billingEmail: textOrNull(p?.billingEmail),
      country: textOrNull(p?.country),
      companyName: textOrNull(p?.companyName),
      vatNumber: textOrNull(p?.vatNumber),
      phoneNumber: textOrNull(p?.phoneNumber),
      billingAddress: textOrNull(p?.billingAddress),
      city: textOrNull(p?.city),
      zipCode: textOrNull(p?.zipCode),
    },
    emailSubscribed: row.emailSubscribed,
    termsAcceptedAt: iso(row.termsAcceptedAt),
  };
}
