import type { TypesConfigPayload } from '@tollgate/contract/admin/products';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import { parseTypesConfig, type TypeConfig } from '@tollgate/contract/plans/product-types';
import { parseOwnServers } from '@tollgate/contract/proxies/own-servers';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { badRequest } from '#platform/http/errors.ts';
import { TYPES_CONFIG_KEY } from '#platform/products/types-config.ts';
import { productsRepository as repo, type PlanCounts } from './products.repository';

const NO_PLANS: PlanCounts = { total: 0, onSale: 0, upstream: 0, builtin: 0, upstreamTitles: [], builtinTitles: [] };

const named = (titles: string[], count: number) =>
  `${titles.map((t) => `“${t}”`).join(', ')}${count > titles.length ? ` and ${count - titles.length} more` : ''}`;

/**
 * /admin/productmanage: how each proxy type is sold. The stored row holds all five types; one PUT
 * changes one of them under a row lock, so two staff saving different types at once both count.
 */
export function createTypesConfigService(deps: { db: Db; upstreamConfigured: () => boolean }) {
  const { db } = deps;

  async function summary(): Promise<TypesConfigPayload> {
    const [rows, counts] = await Promise.all([
      repo.settingRows(db, [TYPES_CONFIG_KEY, 'OwnServers']),
      repo.planCounts(db),
    ]);
    const types = parseTypesConfig(rows.get(TYPES_CONFIG_KEY)?.value);
    const { exits } = parseOwnServers(rows.get('OwnServers')?.value).servers;
    return {
      types: PLAN_TYPES.map((type) => {
        const serving = exits.filter((e) => e.type === type || e.type === '*');
        const countries = [...new Set(serving.map((e) => e.country).filter((c) => c !== '*'))]
          .map((c) => c.toUpperCase())
          .sort();
        const plans = counts.get(type) ?? NO_PLANS;
        return {
          type,
          ...types[type],
          exits: { count: serving.length, countries, anyCountry: serving.some((e) => e.country === '*') },
          plans: { total: plans.total, onSale: plans.onSale, upstream: plans.upstream },
        };
      }),
      upstreamConfigured: deps.upstreamConfigured(),
      updatedAt: rows.get(TYPES_CONFIG_KEY)?.updatedAt.toISOString() ?? null,
    };
  }

  /** A type's backend must agree with the provider of every live plan of the type (ADR 031). */
  function checkBackend(type: PlanType, config: TypeConfig, plans: PlanCounts) {
    const name = config.displayName;
    if (config.backend === 'upstream') {
      if (!deps.upstreamConfigured())
        throw badRequest('backend: connect the upstream provider on the Product API page first');
      if (plans.builtin > 0)
        throw badRequest(
          `backend: ${name} plans ${named(plans.builtinTitles, plans.builtin)} are delivered by the built-in gateway; set their provider to "upstream" first`,
        );
    }
    if (config.backend === 'builtin' && plans.upstream > 0)
      throw badRequest(
        `backend: ${name} plans ${named(plans.upstreamTitles, plans.upstream)} are delivered by the upstream provider; change their provider first`,
      );
  }

  return {
    summary,

    async update(actorId: string, type: PlanType, config: TypeConfig): Promise<TypesConfigPayload> {
      await db.transaction(async (tx) => {
        const stored = parseTypesConfig(await repo.lockSetting(tx, TYPES_CONFIG_KEY, {}));
        const plans = (await repo.planCounts(tx)).get(type) ?? NO_PLANS;
        if (config.backend !== stored[type].backend) checkBackend(type, config, plans);
        const next = { ...stored, [type]: config };
        await repo.writeSetting(tx, TYPES_CONFIG_KEY, next);
        await audit(tx, {
          actorId,
          action: 'types-config.update',
          targetType: 'settings',
          targetId: `${TYPES_CONFIG_KEY}.${type}`,
          before: stored[type],
          after: config,
        });
      });
      return summary();
    },
  };
}
