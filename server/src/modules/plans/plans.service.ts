import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import type { PlanInput, PlanQuote, PlanType } from '@tollgate/contract/plans/plans';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import { audit } from '#platform/billing/audit-log.ts';
import { cachedUntilChanged } from '#platform/cache/cached-until-changed.ts';
import type { ChangeFeed } from '#platform/cache/change-feed.ts';
import type { Db } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { toPriceLine } from '#platform/billing/price-lines.ts';
import {
  discountOf,
  parseTiers,
  pricedPlanOf,
  PricingError,
  quotePurchase,
  type PriceTier,
} from '#platform/billing/pricing.ts';
import { renewalExamples, type RenewalExampleCents } from '#platform/billing/renewal-examples.ts';
import { renewalSettings } from '#platform/billing/renewal-settings.ts';
import { assertOnSale, publicTypes, type TypesConfigReader } from '#platform/products/types-config.ts';
import { UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';
import type { CouponsService } from './coupons.service';
import { plansRepository } from './plans.repository';
import { toPlan, toValues } from './plan-view';

/** Pricing rules speak as 400s with their own words. */
function priced<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PricingError) throw new AppError(400, error.message);
    throw error;
  }
}

const examplesInDollars = (examples: RenewalExampleCents[]) =>
  examples.map((e) => ({ label: e.label, lines: e.lines.map(toPriceLine), subtotal: toDollars(e.subtotalCents) }));

const tiersInDollars = (tiers: PriceTier[]) =>
  tiers.map((t) => ({ from: t.min, unitPrice: toDollars(t.unitPriceCents) }));

export function createPlansService({
  db,
  coupons,
  changes,
  typesConfig,
}: {
  db: Db;
  coupons: Pick<CouponsService, 'check'>;
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
  /** How each type is sold: a disabled type's plans are not listed nor priced (ADR 031). */
  typesConfig: TypesConfigReader;
}) {
  // The lists every customer page asks for change only when staff edit a plan (ADR 024).
  const onSaleCached = cachedUntilChanged({
    changes,
    kind: 'plan',
    load: async () => ({ plans: (await plansRepository.onSale(db, { trial: false })).map(toPlan) }),
  });
  const trialsCached = cachedUntilChanged({
    changes,
    kind: 'plan',
    load: async () => ({ plans: (await plansRepository.onSale(db, { trial: true })).map(toPlan) }),
  });
  /** The plans of types on sale, and those types as staff named them. */
  async function onSale() {
    const [list, types] = await Promise.all([onSaleCached(), typesConfig()]);
    return { plans: list.plans.filter((p) => types[p.type].enabled), types: publicTypes(types) };
  }
  async function trials() {
    const [list, types] = await Promise.all([trialsCached(), typesConfig()]);
    return { plans: list.plans.filter((p) => types[p.type].enabled) };
  }
  /**
   * A plan's provider must agree with its type's delivery backend when the type names one
   * (Product manage, ADR 031); 'plan' leaves the choice to each plan, as before.
   */
  async function checkProvider(input: PlanInput) {
    const config = (await typesConfig())[input.type];
    const upstream = input.provider.trim().toLowerCase() === UPSTREAM_PROVIDER;
    if (config.backend === 'upstream' && !upstream)
      throw badRequest(
        `provider: ${config.displayName} proxies are delivered by the upstream provider (Product manage); set the provider to "${UPSTREAM_PROVIDER}"`,
      );
    if (config.backend === 'builtin' && upstream)
      throw badRequest(
        `provider: ${config.displayName} proxies are delivered by the built-in gateway (Product manage); the provider cannot be "${UPSTREAM_PROVIDER}"`,
      );
  }
  async function mustFind(id: string) {
    const row = await plansRepository.find(db, id);
    if (!row) throw notFound('No such plan');
    return row;
  }
  const checkTiers = (input: PlanInput) =>
    priced(() => {
      parseTiers(input.bandwidthPrices, 'bandwidthPrices');
      parseTiers(input.threadPrices, 'threadPrices');
    });

  return {
    async list(query: { page: number; size: number; search?: string | undefined; type?: PlanType | undefined }) {
      const { rows, total } = await plansRepository.page(db, query);
      return { items: rows.map(toPlan), total, page: query.page, size: query.size };
    },

    get: async (id: string) => toPlan(await mustFind(id)),

    async create(actorId: string, input: PlanInput) {
      checkTiers(input);
      await checkProvider(input);
      const row = await db.transaction(async (tx) => {
        const created = await plansRepository.insert(tx, toValues(input));
        await audit(tx, {
          actorId,
          action: 'plan.create',
          targetType: 'plan',
          targetId: created.id,
          after: toPlan(created),
        });
        return created;
      });
      return toPlan(row);
    },

    async update(actorId: string, id: string, input: PlanInput) {
      checkTiers(input);
      await checkProvider(input);
      const row = await db.transaction(async (tx) => {
        const before = await plansRepository.find(tx, id);
        if (!before) throw notFound('No such plan');
        const after = (await plansRepository.update(tx, id, toValues(input)))!;
        await audit(tx, {
          actorId,
          action: 'plan.update',
          targetType: 'plan',
          targetId: id,
          before: toPlan(before),
          after: toPlan(after),
        });
        return after;
      });
      return toPlan(row);
    },

    async remove(actorId: string, id: string) {
      await db.transaction(async (tx) => {
        const before = await plansRepository.find(tx, id);
        if (!before) throw notFound('No such plan');
        await plansRepository.update(tx, id, { deletedAt: new Date() });
        await audit(tx, { actorId, action: 'plan.delete', targetType: 'plan', targetId: id, before: toPlan(before) });
      });
      return null;
    },

    /** Spec §4 hide/show: only `enabled` changes, audited like any plan edit. */
    async setVisibility(actorId: string, id: string, visible: boolean) {
      const row = await db.transaction(async (tx) => {
        const before = await plansRepository.find(tx, id);
        if (!before) throw notFound('No such plan');
        const after = (await plansRepository.update(tx, id, { enabled: visible }))!;
        await audit(tx, {
          actorId,
          action: visible ? 'plan.show' : 'plan.hide',
          targetType: 'plan',
          targetId: id,
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
        return after;
      });
      return toPlan(row);
    },

    onSale,
    trials,

    async customPrices() {
      const [rows, types] = await Promise.all([
        plansRepository.onSale(db, { trial: false, customOnly: true }),
        typesConfig(),
      ]);
      return {
        plans: rows
          .filter((row) => types[row.type].enabled)
          .map((row) => ({
            planId: row.id,
            title: row.title,
            type: row.type,
            duration: row.durationDays,
            bandwidthTiers: tiersInDollars(priced(() => parseTiers(row.bandwidthPrices, 'bandwidthPrices'))),
            threadTiers: tiersInDollars(priced(() => parseTiers(row.threadPrices, 'threadPrices'))),
          })),
      };
    },

    /**
     * What the purchase will charge for this plan and quantity, from the same pricing module, with
     * the coupon checked as paying would check it (its use is only taken when paying).
     */
    async quote(
      planId: string,
      units: number,
      options: {
        days?: number | undefined;
        coupon?: string | undefined;
        /** Null for a visitor, who cannot bring a coupon. */
        accountId: string | null;
        paymentMethod: PaymentMethod;
      },
    ): Promise<PlanQuote> {
      const row = await plansRepository.find(db, planId, { onSaleOnly: true });
      if (!row) throw notFound('No such plan');
      assertOnSale(await typesConfig(), row.type);
      const plan = priced(() => pricedPlanOf(row));
      // The purchase's own rules, in the purchase's order: the amount first, then the coupon.
      const q = priced(() => quotePurchase(plan, { units, days: options.days }));
      // A visitor (no account) has no coupon to apply.
      const coupon =
        options.coupon && options.accountId
          ? await coupons.check(db, {
              code: options.coupon,
              accountId: options.accountId,
              planType: row.type,
              processor: options.paymentMethod,
            })
          : null;
      const discountCents = priced(() => discountOf(q.subtotalCents, coupon?.discountPercent ?? 0));
      const settings = await renewalSettings(db);
      return {
        planId: row.id,
        units: q.units,
        unit: plan.unit,
        days: q.days,
        unitPrice: q.unitPriceCents === null ? null : toDollars(q.unitPriceCents),
        subtotal: toDollars(q.subtotalCents),
        discount: toDollars(discountCents),
        total: toDollars(q.subtotalCents - discountCents),
        couponCode: coupon?.code ?? null,
        lines: q.lines.map(toPriceLine),
        renewals: examplesInDollars(priced(() => renewalExamples({ plan: row, type: row.type, settings }))),
      };
    },

    /** Staff: what renewals of a plan with these fields will cost, before or after saving it. */
    async renewalPreview(input: PlanInput) {
      checkTiers(input);
      const plan = {
        priceCents: toCents(input.price),
        durationDays: input.duration,
        minRenewDays: input.minRenewDays,
        maxRenewDays: input.maxRenewDays,
        bandwidthPrices: input.bandwidthPrices,
        threadPrices: input.threadPrices,
        threads: input.threads,
      };
      const settings = await renewalSettings(db);
      return { renewals: examplesInDollars(priced(() => renewalExamples({ plan, type: input.type, settings }))) };
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
