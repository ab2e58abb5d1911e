import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { settings } from '#platform/db/schema.ts';
import { RENEW_SETTING_KEYS } from './renew-pricing.ts';

/** The renewal price tables from settings, as `priceRenewal` reads them. */
export async function renewalSettings(dbx: DbOrTx): Promise<Map<string, unknown>> {
  const rows = await dbx.select().from(settings).where(inArray(settings.key, RENEW_SETTING_KEYS));
  return new Map(rows.map((r) => [r.key, r.value]));
}
