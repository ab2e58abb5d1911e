import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import type { Tx } from '#platform/db/client.ts';
import { ledger } from '#platform/billing/ledger.ts';
import { storedTerms } from '#modules/resellers/reseller-view.ts';
import { resellersRepository } from '#modules/resellers/resellers.repository.ts';
import { subUsersRepository } from '#modules/resellers/sub-users.repository.ts';

/**
 * Wholesale prices under the demo catalogue's retail tiers (ADR 021): every plan on sale is offered,
 * IPv6 at the catalogue less 10 %. No prepaid pool, so a sale's price is the plain unit price.
 */
export const DEMO_RESELLER_TERMS: ResellerTerms = {
  resiprice: 2.5,
  mobileprice: 4.5,
  dataprice1: 0.05,
  dataprice7: 0.2,
  dataprice30: 0.5,
  ispprice: 1.6,
  gbvalue: 0,
  ipv6white: 10,
  datawhite: 10,
  value: 10,
};
export const DEMO_RESELLER_CREDIT_CENTS = 10_000;
/** A customer of the demo reseller's: no password until its owner follows a "choose a password" link. */
export const DEMO_SUB_USER = { username: 'reseller_client', email: 'client@tollgate.local' };

/**
 * The demo reseller can call the API out of the box: prices, $100 and one sub-user to sell to. Its
 * key is the one thing left out: the reseller makes it in its panel, where it is shown once (ADR 044).
 */
export async function seedDemoReseller(tx: Tx, resellerId: string) {
  await resellersRepository.saveTerms(tx, resellerId, storedTerms(DEMO_RESELLER_TERMS));
  await ledger.credit(tx, {
    accountId: resellerId,
    amountCents: DEMO_RESELLER_CREDIT_CENTS,
    kind: 'staff_adjustment',
    reason: 'Demo reseller credit',
  });
  await subUsersRepository.insert(tx, resellerId, DEMO_SUB_USER);
}
