import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pricedPlanOf } from '#platform/billing/pricing.ts';
import { accounts, ledgerEntries, settings } from '#platform/db/schema.ts';
import { coupons } from '#modules/plans/coupons.schema.ts';
import { plans } from '#modules/plans/plans.schema.ts';
import { createTestDatabase } from '#test/harness.ts';
import type { Database } from '#platform/db/client.ts';
import { resellerSubUsers, resellerTerms } from '#modules/resellers/resellers.schema.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-data';
import { DEMO_SUB_USER } from './demo-reseller';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo data', () => {
  it('is created on the first start only and never twice', async () => {
    expect(await seedDemoData(database.db)).toEqual({ seeded: true });
    expect(await seedDemoData(database.db)).toEqual({ seeded: false });
    const rows = await database.db.select().from(accounts);
    expect(rows.map((r) => r.email)).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.email)));
    expect(rows.every((r) => r.emailVerifiedAt !== null)).toBe(true);
    const keys = (await database.db.select().from(settings)).map((s) => s.key).sort();
    expect(keys).toEqual(expect.arrayContaining(['Announcements', 'Copyright', 'FAQ', 'SocialLinks', 'Status']));
    expect(keys).toEqual(expect.arrayContaining(['RenewResiBandwidthPrices', 'ResidentialExtendByMonthPrice']));
  });

  it('puts a catalogue on sale that the pricing module accepts, a welcome coupon, and credit to try it', async () => {
    const catalogue = await database.db.select().from(plans);
    expect(new Set(catalogue.map((p) => p.type))).toEqual(
      new Set(['residential', 'mobile', 'isp', 'datacenter', 'ipv6']),
    );
    for (const plan of catalogue) expect(() => pricedPlanOf(plan)).not.toThrow();
    const [welcome] = await database.db.select().from(coupons);
    expect(welcome).toMatchObject({ code: 'WELCOME10', discountBasisPoints: 1000 });
    const [customer] = await database.db.select().from(accounts).where(eq(accounts.username, 'customer'));
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, customer!.id));
    expect(customer!.balanceCents).toBe(2500);
    expect(entries.map((e) => e.amountCents)).toEqual([2500]);
  });

  it('shows the growth screens with something in them: referrals with rewards, partners, gift codes', async () => {
    const [customer] = await database.db.select().from(accounts).where(eq(accounts.username, 'customer'));
    expect(customer!.referralResidentialBps).toBe(1000);
    const count = async (table: string) =>
      Number(
        (
          (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    expect(await count('referrals')).toBe(4);
    expect(await count('referral_rewards')).toBe(6);
    expect(await count('partners')).toBe(2);
    expect(await count('partner_visits')).toBeGreaterThan(50);
    expect(await count('gift_codes')).toBe(3);
    expect(await count('gift_redemptions')).toBe(1);
    // The referrals' money is their own: the demo customer's balance and spending are untouched.
    expect(customer!.spentCents).toBe(0);
  });

  it('lets the demo reseller sell at once: prices for every product on sale, $100 and a sub-user, but no key', async () => {
    const [reseller] = await database.db.select().from(accounts).where(eq(accounts.username, 'reseller'));
    expect(reseller!.reseller).toBe(true);
    expect(reseller!.balanceCents).toBe(10_000);
    const [terms] = await database.db.select().from(resellerTerms).where(eq(resellerTerms.accountId, reseller!.id));
    // Each family's own price (IPv6 by the discount): nothing on sale is refused for want of a price.
    for (const cents of [terms!.resiPriceCents, terms!.mobilePriceCents, terms!.dataPrice30Cents, terms!.ispPriceCents])
      expect(cents).toBeGreaterThan(0);
    expect(terms!.valueBps).toBeGreaterThan(0);
    const links = await database.db
      .select()
      .from(resellerSubUsers)
      .where(eq(resellerSubUsers.resellerId, reseller!.id));
    expect(links).toHaveLength(1);
    const [client] = await database.db.select().from(accounts).where(eq(accounts.id, links[0]!.accountId));
    expect(client).toMatchObject({ ...DEMO_SUB_USER, reseller: false, passwordHash: null });
    const keys = await database.db.execute(
      sql`select count(*)::int as n from api_keys where account_id = ${reseller!.id}`,
    );
    expect((keys as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
