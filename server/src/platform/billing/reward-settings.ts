import {
  LOYALTY_TIERS_DEFAULT,
  loyaltyTiersSettingSchema,
  type LoyaltyTiersSetting,
} from '@tollgate/contract/growth/loyalty';
import { REFERRAL_HOLD_DAYS_DEFAULT, referralHoldDaysSchema } from '@tollgate/contract/growth/referrals';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

export interface RewardSettings {
  /** Days a referral reward stays pending after the payment that earned it (ADR 032). */
  holdDays: number;
  loyalty: LoyaltyTiersSetting;
}

/** A stored value may be the parsed value or (older rows) its JSON text; a wrong one keeps the default. */
function read<T>(stored: unknown, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }) {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The rewards settings as the operator set them (`ReferralHoldDays`, `LoyaltyTiers`), read per
 * request with one indexed read, so a change holds at once on every instance.
 */
export async function readRewardSettings(db: DbOrTx): Promise<RewardSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ['ReferralHoldDays', 'LoyaltyTiers']));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return {
    holdDays: read(stored.get('ReferralHoldDays'), referralHoldDaysSchema) ?? REFERRAL_HOLD_DAYS_DEFAULT,
    loyalty: read(stored.get('LoyaltyTiers'), loyaltyTiersSettingSchema) ?? LOYALTY_TIERS_DEFAULT,
  };
}
