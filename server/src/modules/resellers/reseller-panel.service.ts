import { toDollars } from '@tollgate/contract/http/money';
import { NO_API_KEY, type ResellerOrder } from '@tollgate/contract/reseller/reseller-panel';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import { audit } from '#platform/billing/audit-log.ts';
import { notFound } from '#platform/http/errors.ts';
import type { ResellerApiDeps } from './reseller-api.service';
import { resellerPanelRepository as repo } from './reseller-panel.repository';
import { offersProduct } from './reseller-pricing';
import { replaceOwnKey, resellerFigures } from './reseller-programme.service';
import { DEFAULT_TERMS } from './default-terms';
import { RESELLER_KEY_NAME, resellersRepository } from './resellers.repository';

const NO_RESELLER = 'No such reseller account';

type OrderRow = Awaited<ReturnType<typeof repo.orders>>['rows'][number];
const toOrder = (row: OrderRow): ResellerOrder => ({
  id: row.id,
  number: row.number,
  // Deposits are never listed (the repository asks for purchases and renewals only).
  kind: row.kind === 'renewal' ? 'renewal' : 'purchase',
  updatingType: row.updatingType,
  description: row.description,
  planTitle: row.planTitle,
  planType: row.planType,
  units: row.units,
  unit: row.unit,
  days: row.days,
  country: row.country,
  total: toDollars(row.totalCents),
  status: row.status,
  refunded: row.refundedAt !== null,
  createdAt: row.createdAt.toISOString(),
  subscriptionId: row.subscriptionId,
  subUser: row.subUserId && row.subUsername ? { id: row.subUserId, username: row.subUsername } : null,
});

/**
 * The reseller panel (ADR 044): what a reseller=1 API account sees and does in the web app with its
 * session. The access control (the `Reseller` principal only) is the contract's; each read names
 * the caller's own account, so there is no other reseller's id to ask for. Sub-users and selling
 * are the reseller API's own services, wired in the routes.
 */
export function createResellerPanelService(deps: Pick<ResellerApiDeps, 'db' | 'typesConfig'>) {
  const { db } = deps;
  return {
    async overview(accountId: string) {
      const figures = await resellerFigures(db, accountId);
      if (!figures) throw notFound(NO_RESELLER);
      const { dashboard, ...account } = figures;
      return { ...dashboard, ...account };
    },

    async orders(accountId: string, query: { page: number; size: number; search?: string | undefined }) {
      const { rows, total } = await repo.orders(db, accountId, query);
      return { items: rows.map(toOrder), total, page: query.page, size: query.size };
    },

    /** Plans on sale of types on sale that the reseller's terms offer: what a sale to a sub-user may name. */
    async plans(accountId: string) {
      const [row, types, onSale] = await Promise.all([
        resellersRepository.find(db, accountId),
        deps.typesConfig(),
        repo.plansOnSale(db),
      ]);
      const terms = row?.terms ?? DEFAULT_TERMS;
      return { plans: onSale.filter((plan) => types[plan.type].enabled && offersProduct(terms, plan.type)) };
    },

    /** The owner's own key, made or replaced under the account row lock; shown in this answer only. */
    async createKey(accountId: string) {
      return db.transaction(async (tx) => {
        const row = await resellersRepository.find(tx, accountId, { lock: true });
        if (!row) throw notFound(NO_RESELLER);
        return replaceOwnKey(tx, accountId, row.key?.prefix ?? null);
      });
    },

    /** Revoked under the same lock, so a revocation and a creation never interleave. */
    async revokeKey(accountId: string) {
      await db.transaction(async (tx) => {
        const row = await resellersRepository.find(tx, accountId, { lock: true });
        if (!row) throw notFound(NO_RESELLER);
        const revoked = await apiKeyStore.revokeNamed(tx, accountId, RESELLER_KEY_NAME);
        if (revoked.length === 0) throw notFound(NO_API_KEY);
        await audit(tx, {
          actorId: accountId,
          action: 'reseller.apikey.revoke',
          targetType: 'account',
          targetId: accountId,
          before: { apiKeyPrefix: revoked[0] ?? null },
          after: { apiKeyPrefix: null },
        });
      });
      return null;
    },
  };
}
