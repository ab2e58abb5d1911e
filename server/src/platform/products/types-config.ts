import type { PlanType } from '@tollgate/contract/plans/plans';
import { parseTypesConfig, type PublicType, type TypesConfig } from '@tollgate/contract/plans/product-types';
import { PLAN_TYPES } from '@tollgate/contract/plans/plans';
import { eq } from 'drizzle-orm';
import { cachedUntilChanged } from '../cache/cached-until-changed';
import type { ChangeFeed } from '../cache/change-feed';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import { badRequest } from '../http/errors';

/** The settings row holding how each proxy type is sold (ADR 031). */
export const TYPES_CONFIG_KEY = 'TypesConfig';

/** The stored types config with every type present (defaults where unset), and when it last changed. */
export async function readTypesConfig(dbx: DbOrTx): Promise<{ types: TypesConfig; updatedAt: Date | null }> {
  const [row] = await dbx.select().from(settings).where(eq(settings.key, TYPES_CONFIG_KEY)).limit(1);
  return { types: parseTypesConfig(row?.value), updatedAt: row?.updatedAt ?? null };
}

export type TypesConfigReader = () => Promise<TypesConfig>;

/**
 * The types config shared by every request of this process until the change feed says the row
 * changed (ADR 024), so the catalogue, purchases and the generator read it without a round trip.
 */
export function createTypesConfigReader(deps: {
  db: DbOrTx;
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
}): TypesConfigReader {
  const cached = cachedUntilChanged({
    changes: deps.changes,
    kind: 'setting',
    affects: (key) => key === TYPES_CONFIG_KEY,
    load: async () => (await readTypesConfig(deps.db)).types,
  });
  return cached;
}

/** The refusal a purchase or renewal of a type taken off sale gets. */
export const typeNotOnSale = (name: string) => `${name} proxies are not on sale right now`;

/** Throws the 400 a purchase, quote or renewal of a disabled type answers. */
export function assertOnSale(types: TypesConfig, type: PlanType): void {
  const config = types[type];
  if (!config.enabled) throw badRequest(typeNotOnSale(config.displayName));
}

/** The types on sale, in the shop's order, as customers read them next to their plans. */
export function publicTypes(types: TypesConfig): PublicType[] {
  return PLAN_TYPES.filter((type) => types[type].enabled).map((type) => ({
    type,
    name: types[type].displayName,
    description: types[type].description,
  }));
}
