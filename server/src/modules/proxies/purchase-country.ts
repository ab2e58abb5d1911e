import type { PlanType } from '@tollgate/contract/plans/plans';
import { countryRefusal, isCountryCode, isCountryLocked } from '@tollgate/contract/proxies/countries';
import countriesData from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { badRequest } from '#platform/http/errors.ts';

countriesData.registerLocale(english);

export interface PurchaseCountry {
  /** ISO code, lower case. */
  code: string;
  /** The plan exits in this country only (static plans, ADR 018). */
  locked: boolean;
}

/**
 * The country a plan was bought for, as the gateway and the generator read it. Purchases store
 * what the picker sent: a code (`US`) or, from a plan's own geography list, an English name.
 * Anything else ("Any", a region) names no country and restricts nothing.
 */
export function purchaseCountryOf(type: PlanType, text: string): PurchaseCountry | null {
  const value = text.trim();
  const code = isCountryCode(value) ? value.toLowerCase() : countriesData.getAlpha2Code(value, 'en')?.toLowerCase();
  if (!code || !isCountryCode(code)) return null;
  return { code, locked: isCountryLocked(type) };
}

/**
 * The generator's and proxy config's side of the rule: a country the gateway would refuse is a
 * 400 here, before any list is built. Returns the country to use (a static plan's own when none is asked).
 */
export function allowedCountry(type: PlanType, purchaseText: string, requested: string | undefined) {
  const purchase = purchaseCountryOf(type, purchaseText);
  if (requested) {
    const refusal = countryRefusal(requested, purchase ?? { code: null, locked: false });
    if (refusal) throw badRequest(refusal);
    return requested.toLowerCase();
  }
  return purchase?.locked ? purchase.code : undefined;
}
