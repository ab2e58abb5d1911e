import type { Reseller, ResellerTerms } from '@tollgate/contract/admin/resellers';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import { BYTES_PER_GB } from '@tollgate/contract/subscriptions/subscriptions';
import type { resellerApiRepository } from './reseller-api.repository';
import { DEFAULT_TERMS } from './default-terms';
import type { ResellerRow, StoredTerms } from './resellers.repository';

type ResellerPlanRow = Awaited<ReturnType<typeof resellerApiRepository.plans>>[number];

const dollars = (cents: number | null) => (cents === null ? null : toDollars(cents));
const cents = (value: number | null) => (value === null ? null : toCents(value));

export function termsOf(row: StoredTerms | null): ResellerTerms {
  const t = row ?? DEFAULT_TERMS;
  return {
    resiprice: dollars(t.resiPriceCents),
    mobileprice: dollars(t.mobilePriceCents),
    dataprice1: dollars(t.dataPrice1Cents),
    dataprice7: dollars(t.dataPrice7Cents),
    dataprice30: dollars(t.dataPrice30Cents),
    ispprice: dollars(t.ispPriceCents),
    gbvalue: t.gbValue,
    ipv6white: t.ipv6White,
    datawhite: t.dataWhite,
    value: t.valueBps / 100,
  };
}

export function storedTerms(terms: ResellerTerms): StoredTerms {
  return {
    resiPriceCents: cents(terms.resiprice),
    mobilePriceCents: cents(terms.mobileprice),
    dataPrice1Cents: cents(terms.dataprice1),
    dataPrice7Cents: cents(terms.dataprice7),
    dataPrice30Cents: cents(terms.dataprice30),
    ispPriceCents: cents(terms.ispprice),
    gbValue: terms.gbvalue,
    ipv6White: terms.ipv6white,
    dataWhite: terms.datawhite,
    valueBps: Math.round(terms.value * 100),
  };
}

/** Metered bytes as GB with two decimals, as the customer area's plans show bandwidth used. */
export const gbOfBytes = (bytes: number) => Math.round((bytes / BYTES_PER_GB) * 100) / 100;

/** A plan as the reseller API shows it: used GB as the customer area shows them. */
export function toResellerPlan({ usedBytes, expiresAt, ...plan }: ResellerPlanRow) {
  return { ...plan, usedBytes, usedGb: gbOfBytes(usedBytes), expiresAt: expiresAt?.toISOString() ?? null };
}

export function toReseller({ account, terms, key }: ResellerRow): Reseller {
  return {
    ...termsOf(terms),
    id: account.id,
    username: account.username,
    email: account.email,
    balance: toDollars(account.balanceCents),
    disabled: account.disabledAt !== null,
    programme: !account.reseller,
    apiKeyPrefix: key?.prefix ?? null,
    apiKeyCreatedAt: key?.createdAt ?? null,
    apiKeyLastUsedAt: key?.lastUsedAt ?? null,
    createdAt: account.createdAt.toISOString(),
  };
}
