import type { StoredTerms } from './resellers.repository';

/** What a reseller gets before staff set anything: nothing offered, no pool, the table's default limits. */
export const DEFAULT_TERMS: StoredTerms = {
  resiPriceCents: null,
  mobilePriceCents: null,
  dataPrice1Cents: null,
  dataPrice7Cents: null,
  dataPrice30Cents: null,
  ispPriceCents: null,
  gbValue: 0,
  ipv6White: 10,
  dataWhite: 10,
  valueBps: 0,
};
