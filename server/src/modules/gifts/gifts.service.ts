import { randomBytes, randomUUID } from 'node:crypto';
import {
  GIFT_ACCOUNT_LIMIT,
  GIFT_CODE_TAKEN,
  GIFT_DISABLED,
  GIFT_EXPIRED,
  GIFT_UNKNOWN,
  GIFT_USED_UP,
  type createGift,
  type Gift,
  type GiftStatus,
} from '@tollgate/contract/growth/gifts';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import type { ParsedBodyOf } from '@tollgate/contract/endpoint';
import { audit } from '#platform/billing/audit-log.ts';
import { ledger } from '#platform/billing/ledger.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, pgErrorField } from '#platform/db/errors.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { giftsRepository as repo, planOnFile, type GiftRow } from './gifts.repository';

/** How a plan gift starts its plan: the same path staff use to add one, handed in by app.ts. */
export type GivePlan = (
  tx: DbOrTx,
  input: { accountId: string; planId: string; region?: string | null; units?: number | null },
) => Promise<{ subscription: { id: string; planTitle: string } }>;

const iso = (v: Date | string) => new Date(v).toISOString();
/** `GIFT-7KQ2-M9XD`: no 0/O or 1/I, which people misread when they type a code from a card. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function generatedCode(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `GIFT-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function giftOf(row: GiftRow): Gift {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount_cents === null ? null : toDollars(Number(row.amount_cents)),
    plan: row.plan_id ? { id: row.plan_id, title: row.plan_title ?? '', type: row.plan_type ?? '' } : null,
    units: row.units,
    region: row.region,
    quantity: row.quantity,
    redeemed: row.redeemed,
    perAccountLimit: row.per_account_limit,
    expiresAt: row.expires_at ? iso(row.expires_at) : null,
    disabledAt: row.disabled_at ? iso(row.disabled_at) : null,
    status: row.status,
    note: row.note,
    createdBy: row.created_by_id ? { id: row.created_by_id, username: row.created_by_name ?? '' } : null,
    createdAt: iso(row.created_at),
  };
}

/** Gift codes (issue 16, ADR 037): staff make and stop them; customers redeem each use exactly once. */
export function createGiftsService({ db, givePlan }: { db: Db; givePlan: GivePlan }) {
  return {
    async list(query: { page: number; size: number; search?: string | undefined; status?: GiftStatus | undefined }) {
      const { items, total } = await repo.page(db, query, query.size, (query.page - 1) * query.size);
      return { items: items.map(giftOf), total, page: query.page, size: query.size };
    },

    async create(actorId: string, body: ParsedBodyOf<typeof createGift>) {
      if (body.kind === 'plan' && !(await planOnFile(db, body.planId!))) throw badRequest('Choose a plan');
      const code = body.code || generatedCode();
      try {
        return await db.transaction(async (tx) => {
          const id = await repo.insert(tx, {
            code,
            kind: body.kind,
            amountCents: body.kind === 'balance' ? toCents(body.amount!) : null,
            planId: body.kind === 'plan' ? body.planId! : null,
            units: body.kind === 'plan' ? (body.units ?? null) : null,
            region: body.kind === 'plan' ? (body.region ?? null) : null,
            quantity: body.quantity,
            perAccountLimit: body.perAccountLimit,
            expiresAt: body.expiresAt,
            note: body.note,
            createdBy: actorId,
          });
          const gift = giftOf((await repo.find(tx, id))!);
          await audit(tx, { actorId, action: 'gift.create', targetType: 'gift', targetId: id, after: gift });
          return gift;
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw badRequest(GIFT_CODE_TAKEN);
        throw error;
      }
    },

    async disable(actorId: string, id: string) {
      return db.transaction(async (tx) => {
        const before = await repo.find(tx, id);
        if (!before) throw notFound('No such gift code');
        await repo.disable(tx, id);
        const after = giftOf((await repo.find(tx, id))!);
        await audit(tx, {
          actorId,
          action: 'gift.disable',
          targetType: 'gift',
          targetId: id,
          before: giftOf(before),
          after,
        });
        return after;
      });
    },

    async redemptions(id: string, query: { page: number; size: number }) {
      if (!(await repo.find(db, id))) throw notFound('No such gift code');
      const { items, total } = await repo.redemptions(db, id, query.size, (query.page - 1) * query.size);
      return {
        items: items.map((r) => ({
          id: r.id,
          account: { id: r.account_id, username: r.username, email: r.email },
          kind: r.kind,
          amount: r.amount_cents === null ? null : toDollars(Number(r.amount_cents)),
          subscriptionId: r.subscription_id,
          createdAt: iso(r.created_at),
        })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /**
     * One use, all or nothing: the account's own count (refused by its CHECK past the per-account
     * limit), the code's count (a conditional update: uses left, not expired, not disabled), the
     * redemption row, and the credit through the ledger or the plan. Racing redemptions queue on
     * those rows; each use of the code goes to exactly one of them.
     */
    async redeem(accountId: string, code: string) {
      const gift = await repo.findByCode(db, code);
      if (!gift) throw badRequest(GIFT_UNKNOWN);
      try {
        return await db.transaction(async (tx) => {
          await repo.useByAccount(tx, gift.id, accountId, gift.per_account_limit);
          if (!(await repo.take(tx, gift.id))) {
            const now = (await repo.find(tx, gift.id))!;
            throw badRequest(
              now.status === 'disabled' ? GIFT_DISABLED : now.status === 'expired' ? GIFT_EXPIRED : GIFT_USED_UP,
            );
          }
          const redemptionId = randomUUID();
          let balanceCents: number | null = null;
          let subscription: { id: string; planTitle: string } | null = null;
          const amountCents = gift.kind === 'balance' ? Number(gift.amount_cents) : null;
          if (amountCents !== null) {
            balanceCents = await ledger.credit(tx, {
              accountId,
              amountCents,
              kind: 'gift',
              reference: redemptionId,
              reason: `Gift code ${gift.code}`,
            });
          } else {
            ({ subscription } = await givePlan(tx, {
              accountId,
              planId: gift.plan_id!,
              region: gift.region,
              units: gift.units,
            }));
          }
          await repo.insertRedemption(tx, {
            id: redemptionId,
            giftId: gift.id,
            accountId,
            kind: gift.kind,
            amountCents,
            subscriptionId: subscription?.id ?? null,
          });
          balanceCents ??= await repo.balanceOf(tx, accountId);
          return {
            kind: gift.kind,
            amount: amountCents === null ? null : toDollars(amountCents),
            subscriptionId: subscription?.id ?? null,
            planTitle: subscription?.planTitle ?? null,
            balance: toDollars(balanceCents),
          };
        });
      } catch (error) {
        if (pgErrorField(error, 'constraint') === 'gift_account_uses_within_limit')
          throw badRequest(GIFT_ACCOUNT_LIMIT);
        throw error;
      }
    },
  };
}
